import type { ReactNode } from 'react';

/**
 * A phone-sized frame (390 × 780, a common phone's CSS width) that scrolls inside itself, so a form's
 * sticky bar sits at the bottom of the "screen" as it would on the phone.
 */
export function PhoneFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      style={{
        width: 390,
        maxWidth: '100%',
        height: 780,
        maxHeight: 'calc(100vh - 160px)',
        minHeight: 480,
        margin: '0 auto',
        boxSizing: 'content-box',
        border: '10px solid #1f1f1f',
        borderRadius: 36,
        overflow: 'hidden',
        background: '#f5f7fa',
        boxShadow: '0 8px 32px rgba(0, 0, 0, 0.18)',
      }}
      data-testid={testId}
    >
      <div style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden', padding: '16px 12px 0', boxSizing: 'border-box' }}>{children}</div>
    </div>
  );
}
