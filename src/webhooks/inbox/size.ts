// How many deliveries an inbox keeps (`listen --inbox-size`). Data only: the declarations
// import it at start-up.
export const DEFAULT_INBOX_SIZE = 10_000;
export const MAX_INBOX_SIZE = 1_000_000;
