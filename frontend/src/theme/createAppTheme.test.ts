import { describe, expect, it } from 'vitest';
import { createAppTheme } from './createAppTheme';

describe('reduced motion', () => {
  it('takes every transition and ripple away when the reader asked the system to reduce motion', () => {
    const still = createAppTheme('light', 'default', 'ltr', true);
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // Menus and popovers ("auto": timed by their height) too.
    expect(still.transitions.getAutoHeightDuration(400)).toBe(0);

    const moving = createAppTheme('light', 'default', 'ltr');
    expect(moving.transitions.duration.enteringScreen).toBe(225);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
    expect(moving.transitions.getAutoHeightDuration(400)).toBeGreaterThan(0);
  });
});
