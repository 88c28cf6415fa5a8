import type { Command } from 'commander';
import type { Session } from '../action.js';

export function registerWebhooks(program: Command, session: Session): void {
  void program;
  void session;
}
