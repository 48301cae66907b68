/**
 * The spinner shown while the first screen's code arrives: antd's Spin drawn in CSS (app.css,
 * .boot-loading), so that the entry does not carry Spin for a moment's use (decision 0030).
 */
export function BootLoading() {
  return (
    <div className="boot-loading" aria-busy="true" data-testid="boot-loading">
      <span className="boot-loading__dots">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
