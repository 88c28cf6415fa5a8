declare const __PWCTL_VERSION__: string | undefined;

/** Injected by the build (and by vitest's config) from package.json. */
export const VERSION: string = typeof __PWCTL_VERSION__ === 'string' ? __PWCTL_VERSION__ : '0.0.0-dev';
