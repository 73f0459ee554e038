import './coin-mark.css';

/** A coin's round mark: its ticker's first letters (no logos are served). */
export function CoinMark({ base, size = 32 }: { base: string; size?: number }) {
  return (
    <span className="coin-mark" style={{ width: size, height: size, fontSize: size * 0.34 }} aria-hidden="true">
      {base.slice(0, 3)}
    </span>
  );
}
