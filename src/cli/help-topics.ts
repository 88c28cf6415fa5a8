import { OUTPUT_FORMATS } from '../output/formats.js';

export const TOPICS: Record<string, string> = {
  'exit-codes': `Exit codes

  0  success
  1  unexpected failure (also: a corrupt config file)
  2  usage error: bad flags or arguments, or input rejected locally before any request
  3  not found (404)
  4  authentication or permission (401, 403; a proxy's 407), or no token configured
  5  rejected by the service's validation (422)
  6  rate limited (429) after retries were exhausted
  7  network failure, timeout, or 5xx after retries were exhausted; also a create whose
     outcome is unknown because the connection broke after it was sent, and a list whose
     next links go round in circles or do not end within --max-pages, and
     \`steps wait\` that did not see its state within --wait-timeout
  8  bulk verb: at least one item failed (and the batch had more than one item)
130  interrupted (Ctrl-C); what was done has been reported

Errors print one line "error: <message>" on stderr, and for a 422 one line per field
error. With -o json or -o ndjson the error is also printed on stderr as one JSON line:
  {"error":{"status":422,"code":5,"message":"...","errors":{"title":["..."]}}}
`,
  environment: `Environment variables

  PWCTL_TOKEN           bearer token; overrides any stored token (never pass a token as a flag)
  PWCTL_BASE_URL        service root URL, like --base-url
  PWCTL_PROFILE         stored profile to use, like --profile (default: default)
  PWCTL_OUTPUT          output format: ${OUTPUT_FORMATS.join(', ')}, like -o
  PWCTL_CONFIG_DIR      directory of the config store (default: the OS config directory)
  PWCTL_DATA_DIR        directory of pwctl's data, the webhook delivery inbox (default: data in
                        PWCTL_CONFIG_DIR when set, else the OS data directory)
  PWCTL_SANDBOX=1       run against the embedded sandbox, like --sandbox
  PWCTL_NO_INPUT=1      never prompt or open a picker, like --no-input (CI=true does the same):
                        a missing value is a usage error
  PWCTL_DEBUG=1         trace HTTP requests and their headers to stderr, like --debug;
                        PWCTL_DEBUG=api adds bodies, like --debug=api (secrets redacted)
  PWCTL_TIMEOUT         seconds each request may take, connection to the answer's last byte,
                        like --timeout (default 30)
  PWCTL_MAX_WAIT        seconds pwctl waits when the service answers 429 with Retry-After: the
                        longest single wait, all waits of one request together, and all waits
                        of one command together plus a hundredth of it for each answer it had
                        (default: no wait over 300, none past 600 in all, 6 more per answer);
                        raise it for unattended jobs
  PWCTL_MAX_RESPONSE_BYTES  the largest answer accepted, in bytes, 1024 to 524288000 (default
                        268435456, 256 MiB); also the most \`api --paginate --jq\` holds of all pages
  PWCTL_MAX_PAGES       the most pages one list reads, like --max-pages (default 10000; config key
                        max_pages); a list whose next links go on past it ends with exit 7
  PWCTL_WEBHOOK_SECRET  signing secret for \`webhooks listen\` (one more it accepts), \`verify\` and
                        \`trigger\` (when no --secret-file is given); unlike --secret, not
                        shown to other users in the process list
  PWCTL_OAUTH_TIMEOUT   seconds \`auth login --web\` waits for the browser (default 300)
  PWCTL_CA_FILE         PEM file of extra certificate authorities to trust (config key ca_file)
  HTTPS_PROXY           proxy for https:// services (also https_proxy); http://[user:password@]host:port
  HTTP_PROXY            proxy for http:// services (also http_proxy)
  NO_PROXY              hosts, .domains, IPs, CIDR ranges or * to reach directly (also no_proxy)
  NODE_EXTRA_CA_CERTS   Node's own variable: a PEM file of CAs trusted besides Node's and the system's
  PWCTL_PAGER, PAGER    pager for tables, records with a body and diffs longer than the
                        terminal: PWCTL_PAGER, else config key pager, else PAGER, else
                        less -FRX; an empty PWCTL_PAGER or pager, or --no-pager, turns it off
  PWCTL_LOCK_TIMEOUT    seconds to wait for another pwctl's lock on the config store (default 30)
  PWCTL_NO_UPDATE_NOTIFIER=1  no daily check of the release feed (config key update_feed_url)
                        and no notice of a newer version; none happens in CI or off a terminal
  NODE_DISABLE_COMPILE_CACHE=1  Node's own: no module compile cache (pwctl keeps one in the
                        user's cache directory on Node 22.1+)
  NO_COLOR, FORCE_COLOR disable or force color
  VISUAL, EDITOR        editor for \`docs edit\` and \`steps edit\`
  BROWSER               browser for \`auth login --web\` (commands separated by :, %s for the URL)

Precedence: flag > environment > profile in the config store > built-in default.

Behind a proxy (localhost and loopback addresses always go direct; credentials are never printed):
  export HTTPS_PROXY=http://user:password@proxy.example.com:3128
  export NO_PROXY=.internal.example.com,10.0.0.0/8

With your organisation's certificate authority (verification is never turned off):
  export PWCTL_CA_FILE=/etc/ssl/certs/corp-ca.pem     # or: pwctl config set ca_file <file>
  Node 22.15+ (24 too) also trusts the system store; Node 20 cannot read it: use the above.
`,
  formatting: `Output formats (-o, --output, PWCTL_OUTPUT, config key output)

  table   columns for people, fitted to the terminal: titles and names are shortened
          (…) to make room, ids, UUIDs, URLs and dates never are; columns that do not
          fit are left out, the rightmost first. Longer than the terminal, it goes
          through the pager (--no-pager). When stdout is not a terminal: tab-separated,
          one record per line, no header, no color, no pager. Control characters in
          server text are escaped.
  json    one record as an object, a list as one array, tag commands as
          {data, added, removed, created}, bulk verbs as an array of per-item results;
          on a terminal coloured (keys, strings, numbers, booleans, null), as gh api
          does, unless NO_COLOR or --no-color
  ndjson  one JSON value per line, streamed as pages arrive
  yaml    the same values as json, as YAML
  csv     RFC 4180: a header row of field paths, one row per record, streamed; lists of
          {id, name} or {id, title} joined by "; ", null empty; a single record is one row.
          A cell that starts with =, +, -, @, tab or CR gets a leading ' (a spreadsheet
          would run it as a formula: =HYPERLINK(...) in a title can send data away); numbers
          are left as they are (-3 stays -3). --csv-raw writes such cells unchanged.
          \`steps import\` reads the ' back off, so a CSV pwctl wrote imports as it was.

--fields id,title,phase.title,assignees.name selects fields for every format: dotted paths
reach into objects and map through lists; an unknown field or path is a usage error that
lists the valid ones.

--jq <expr> filters the JSON result with jq itself (jq -r output: strings raw, other values
compact): once on the whole result (a list is one array), or per record with -o ndjson.
Without -o it means -o json. An expression that does not compile exits 2 before any request.

Bulk verbs (steps complete/reopen/delete, docs delete, milestones delete) print one result
per item: {"id": 42, "ok": true, "data": {...}} or {"id": 42, "ok": false, "status": 404, "error": "..."}.
Lists take --limit <n> (default 30) and --all.
Timestamps are printed as the API sends them in json, yaml and ndjson. Tables show them in
local time, to the minute, with the zone's offset from UTC: 2026-11-24 09:43 +01:00 (TZ
chooses the zone: TZ=UTC pwctl ...). Due dates are calendar days: 2026-12-15. A company,
project, client or phase is shown by its title and id: Acme Website Redesign (31).
`,
};
