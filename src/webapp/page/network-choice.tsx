import type { PageCoin } from "./api.ts";
import { useT } from "./texts.ts";

/** The network of one side of the swap, offered when its coin has several. */
export function NetworkChoice(props: {
  coin: PageCoin | undefined;
  value: string;
  onChange: (n: string) => void;
}) {
  const t = useT();
  if (!props.coin || props.coin.networks.length < 2) return null;
  const id = `network-${props.coin.code}`;
  return (
    <div class="field">
      <label for={id}>
        {t("network")} ({props.coin.code.toUpperCase()})
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        {props.coin.networks.map((n) => (
          <option key={n} value={n}>
            {n === props.coin?.defaultNetwork ? `${n} (${t("network-default")})` : n}
          </option>
        ))}
      </select>
    </div>
  );
}
