import './tab-switch.css';

type TabSwitchProps<T extends string> = {
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** Each tab gets `<testIdPrefix>-<value>`. */
  testIdPrefix: string;
};

/** Two or three tabs across the top of a list page. */
export function TabSwitch<T extends string>({ options, value, onChange, label, testIdPrefix }: TabSwitchProps<T>) {
  return (
    <div
      className="tab-switch"
      role="tablist"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          className={`plain-button tab-switch__tab${option.value === value ? ' is-selected' : ''}`}
          aria-selected={option.value === value}
          onClick={() => onChange(option.value)}
          data-testid={`${testIdPrefix}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
