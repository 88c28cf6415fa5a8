// How many pages one list reads. A service whose next links never end — whether they go round
// in circles (src/api/page-trail.ts tells those at once) or bring new records under new links
// for ever — must not make a command request, print or write without end. Pages are read up to
// 1000 records at a time, so the default lets a list of ten million records through.

/** The default; --max-pages, PWCTL_MAX_PAGES and the config key max_pages change it (src/config/settings.ts). */
export const DEFAULT_MAX_PAGES = 10_000;
