import { DEFAULT_PROFILE } from '../config/settings.js';

/** The sign-in that gives a profile a token; `--profile` is named unless it is the default. */
export function loginCommand(profileName: string): string {
  return profileName === DEFAULT_PROFILE ? 'pwctl auth login' : `pwctl auth login --profile ${profileName}`;
}
