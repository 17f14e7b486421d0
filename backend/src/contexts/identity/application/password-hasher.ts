import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's second recommended setting (19 MiB, 2 passes). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    // An unknown account still costs one verification, so timing does not reveal which e-mails exist.
    this.dummyHash ??= this.hash('compte-inexistant-pour-le-temps-constant');
    const target = hash ?? (await this.dummyHash);
    try {
      return (await argon2.verify(target, password)) && hash !== undefined;
    } catch {
      return false;
    }
  }
}
