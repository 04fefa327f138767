import { signData } from "@tma.js/init-data-node";

export interface InitDataUser {
  id: number;
  first_name: string;
  language_code?: string;
}

/**
 * Init data as a Telegram client before Bot API 8.0 sends it: `auth_date`, `query_id` and `user`,
 * hashed as Telegram documents it (the data-check string signed with HMAC-SHA256 keyed by
 * HMAC-SHA256("WebAppData", bot token)), and no `signature` field. The bot's own check accepts it
 * (the hash is right); it is what the try-out opens the page with.
 */
export function signInitData(botToken: string, user: InitDataUser, authDate = new Date()): string {
  const params = new URLSearchParams({
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
    query_id: `try${user.id}`,
    user: JSON.stringify(user),
  });
  const checkString = [...params.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");
  params.append("hash", signData(checkString, botToken));
  return params.toString();
}

/** The URL Telegram opens: the page with its launch parameters in the hash. */
export function pageLaunchUrl(
  pageUrl: string,
  initData: string,
  theme: Record<string, string> = {},
): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "7.0",
    tgWebAppPlatform: "web",
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `${pageUrl}#${hash.toString()}`;
}
