// The chart moved to the shared components (the statistics screens draw with it too); the analysis
// feature keeps importing it from here.
export { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
