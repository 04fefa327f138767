import { createContext } from "preact";
import { useContext } from "preact/hooks";

export const Texts = createContext<Record<string, string>>({});

/** The page's texts (from the bot's locale files, in the user's language). */
export function useT(): (key: string) => string {
  const texts = useContext(Texts);
  return (key) => texts[`webapp-${key}`] ?? texts[key] ?? key;
}

/** The status as the chat's pushes name it (`waiting`, `confirming`, ...). */
export function useStatusWord(): (status: string) => string {
  const texts = useContext(Texts);
  return (status) => texts[`status-${status}`] ?? status;
}
