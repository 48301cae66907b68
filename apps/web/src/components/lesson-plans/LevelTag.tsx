import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'orange', 4: 'red' };

/** A plan's grade (level 1 is the best), or "not evaluated". */
export function LevelTag({ level }: { level: number | null }) {
  const { t } = useTranslation('lessonPlans');
  if (level === null) return <Tag data-testid="plan-level-none">{t('level.none')}</Tag>;
  return (
    <Tag color={COLORS[level]} data-testid={`plan-level-${level}`}>
      {t('level.label', { level })} · {t(`level.name${level}`)}
    </Tag>
  );
}
