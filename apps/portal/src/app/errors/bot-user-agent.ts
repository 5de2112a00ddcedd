// Crawlers and audit tools (SPEC.md §2, §9): they never see the error page, the error is only logged.
const BOT_PATTERN = /bot|lighthouse|facebook ?external ?hit|google/i;

export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  return Boolean(userAgent) && BOT_PATTERN.test(userAgent!);
}
