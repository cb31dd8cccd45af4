// Mails go out after the request has been answered: the answer must not wait for the SMTP server
// (a reset request for a registered address would then take longer than for an unknown one,
// telling which addresses have accounts). One in-process queue, one mail at a time, in order;
// a failure is logged, since nobody is waiting for it any more. (A job queue can take this over.)
import type { Config } from '../config';
import type { Logger } from '../logger';
import { sendMail, type Mail } from './mailer';

export class MailQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
  ) {}

  /** Runs `compose` after the mails queued before it, then sends what it returns (null: nothing). */
  enqueue(label: string, compose: () => Promise<Mail | null>): void {
    this.tail = this.tail.then(async () => {
      try {
        const mail = await compose();
        if (mail) await sendMail(this.config, mail);
      } catch (err) {
        this.log.warn('mail not sent', { mail: label, reason: (err as Error).message?.slice(0, 200) });
      }
    });
  }

  /** Resolves once every queued mail has been handled (shutdown, tests). */
  idle(): Promise<void> {
    return this.tail;
  }
}
