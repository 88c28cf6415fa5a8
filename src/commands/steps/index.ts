import type { Command } from 'commander';
import type { Session } from '../action.js';

export function registerSteps(program: Command, session: Session): void {
  void program;
  void session;
}
