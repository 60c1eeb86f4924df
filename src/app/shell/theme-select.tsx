import { setThemePreference, type ThemePreference, useTheme } from '../theme';

export function ThemeSelect() {
  const preference = useTheme((state) => state.preference);
  return (
    <label className="shell-theme">
      <span className="shell-theme-label">Theme</span>
      <select
        className="select"
        value={preference}
        onChange={(event) => setThemePreference(event.target.value as ThemePreference)}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
