// The problems loadConfig reports for a set of settings, for the settings' tests.
import { ConfigError, loadConfig } from '../src/config/config.ts';

/** Every problem `loadConfig(env)` reports ("NAME: message"), or [] when the settings are valid. */
export function configProblemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
