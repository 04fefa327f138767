import { FluentDateTime, type FluentVariable } from "@fluent/bundle";

/**
 * A moment as the chat's language writes it, in UTC and said so: "Nov 23, 2026, 14:05 UTC",
 * "23 nov 2026, 14:05 UTC", "2026年11月23日 UTC 14:05". The month is a word, so no reader mixes up
 * day and month; the Gregorian calendar and Latin digits in every language (Persian included), as
 * the exchange's support writes dates. Fluent formats it with the message's locale.
 */
const STYLE: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
  timeZoneName: "short",
  numberingSystem: "latn",
  calendar: "gregory",
};

export function formatTime(value: string | number): FluentVariable {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new FluentDateTime(date.getTime(), STYLE);
}
