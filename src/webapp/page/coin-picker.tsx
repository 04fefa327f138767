import { useEffect, useRef, useState } from "preact/hooks";
import { call, type PageCoin } from "./api.ts";
import { useT } from "./texts.ts";

/** A coin's icon: its code's first letters on a colour of its own (no remote images: CSP). */
export function CoinIcon({ code }: { code: string }) {
  // FNV-1a: close codes (btc, eth) still get far-apart colours.
  let hash = 2166136261;
  for (const c of code) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  const hue = hash % 360;
  return (
    <span
      class="coin-icon"
      aria-hidden="true"
      ref={(el) => el?.style.setProperty("--hue", String(hue))}
    >
      {code.slice(0, 3).toUpperCase()}
    </span>
  );
}

/**
 * A searchable coin list: typing filters (code, name), Enter picks the best match, a tap picks
 * any. The field's label is its accessible name (`You send`, `You receive`).
 */
export function CoinPicker(props: {
  id: string;
  label: string;
  value: PageCoin | undefined;
  onPick: (coin: PageCoin) => void;
}) {
  const t = useT();
  const [query, setQuery] = useState(props.value?.code.toUpperCase() ?? "");
  const [open, setOpen] = useState(false);
  const [coins, setCoins] = useState<PageCoin[]>([]);
  const asked = useRef(0);
  /** Moves on every keystroke: a pick by Enter typed over before it was answered is dropped. */
  const typing = useRef(0);

  useEffect(() => {
    if (!open) return;
    const n = ++asked.current;
    const timer = setTimeout(() => {
      const q = query === props.value?.code.toUpperCase() ? "" : query;
      call<{ coins: PageCoin[] }>(`/coins?q=${encodeURIComponent(q)}`)
        .then((r) => n === asked.current && setCoins(r.coins))
        .catch(() => undefined);
    }, 150);
    return () => clearTimeout(timer);
  }, [query, open]);

  const pick = (coin: PageCoin) => {
    props.onPick(coin);
    setQuery(coin.code.toUpperCase());
    setOpen(false);
  };
  const pickTyped = async () => {
    const typed = query.trim().toLowerCase();
    if (!typed) return;
    const n = typing.current;
    const found = await call<{ coins: PageCoin[] }>(`/coins?q=${encodeURIComponent(typed)}`);
    const coin = found.coins.find((c) => c.code === typed) ?? found.coins[0];
    if (coin && n === typing.current) pick(coin);
  };

  return (
    <div class="field coin-field">
      <label for={props.id}>{props.label}</label>
      <div class="coin-input">
        {props.value && <CoinIcon code={props.value.code} />}
        <input
          id={props.id}
          type="text"
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          placeholder={t("search")}
          value={query}
          onFocus={(e) => {
            setOpen(true);
            (e.currentTarget as HTMLInputElement).select();
          }}
          onInput={(e) => {
            typing.current++;
            setQuery((e.currentTarget as HTMLInputElement).value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void pickTyped();
            } else if (e.key === "Escape") setOpen(false);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 200)}
        />
      </div>
      {open && coins.length > 0 && (
        <div class="coin-list" id={`${props.id}-list`}>
          {coins.map((coin) => (
            <button
              type="button"
              key={coin.code}
              aria-pressed={coin.code === props.value?.code}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(coin);
              }}
              onClick={() => pick(coin)}
            >
              <CoinIcon code={coin.code} />
              <b>{coin.code.toUpperCase()}</b>
              <span class="hint">{coin.name}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
