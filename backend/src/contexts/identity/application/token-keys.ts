import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';

/**
 * The tokens' HMAC secrets as key objects, made once. Given a string or a Buffer, jsonwebtoken first
 * tries to read it as a PEM public key on every verify (`createPublicKey`, which throws, then
 * `createSecretKey`): about a tenth of an authenticated request's CPU. It accepts a KeyObject as is;
 * the typings of @nestjs/jwt and passport-jwt still say `string | Buffer`, hence the cast.
 */
@Injectable()
export class TokenKeys {
  readonly access: Buffer;
  readonly refresh: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.access = hmacKey(config.accessTokenSecret);
    this.refresh = hmacKey(config.refreshTokenSecret);
  }
}

export const hmacKey = (secret: string): Buffer => createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer;
