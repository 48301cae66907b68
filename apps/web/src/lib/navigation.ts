/** Lets non-React code (the API client) navigate through the app's router. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate = (to) => window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`);

export function setNavigator(fn: Navigate): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateFn(to, opts);
}
