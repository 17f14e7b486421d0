import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sha256 } from '@noble/hashes/sha2';

/*
 * An RFC 3161 token checked in the browser (docs/adr/0038, issue 27 item 5), as the server's
 * platform/ledger/timestamp.ts does, with pkijs + asn1js (PeculiarVentures: the only JS library for
 * TSTInfo and CMS SignedData) on the browser's Web Crypto. Lazy-loaded by ledger-check.ts only when a
 * token is there, so the public pages' first load does not carry it.
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

export interface TokenCheck {
  ok: boolean;
  /** genTime, ISO 8601. */
  time: string | null;
  /** The authority's name: the CN (or whole subject) of the certificate the token carries. */
  authority: string | null;
  /** In French, what fails. */
  problem: string | null;
}

const bufferOf = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;
const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

function nameOf(certificate: pkijs.Certificate): string {
  const parts = certificate.subject.typesAndValues.map((tv) => ({ type: tv.type, value: String(tv.value.valueBlock.value) }));
  return parts.find((p) => p.type === '2.5.4.3')?.value ?? parts.map((p) => p.value).join(', ');
}

/**
 * Checks a token (base64 DER) over `signedText` (the checkpoint's body followed by
 * `signature: <base64>\n`): a CMS SignedData of a TSTInfo whose imprint is SHA-256 of that text,
 * signed by the certificate it carries, reserved to time-stamping. The authority's chain to a
 * trusted CA is not checked here: the page does not know which authority the centre trusts.
 */
export async function checkTimestampToken(tokenBase64: string, signedText: string): Promise<TokenCheck> {
  const fail = (problem: string, time: string | null = null, authority: string | null = null): TokenCheck => ({ ok: false, time, authority, problem });
  let signed: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    const asn = asn1js.fromBER(bufferOf(base64Bytes(tokenBase64)));
    if (asn.offset === -1) return fail('jeton illisible');
    const content = new pkijs.ContentInfo({ schema: asn.result });
    signed = new pkijs.SignedData({ schema: content.content });
    const eContent = signed.encapContentInfo.eContent;
    if (signed.encapContentInfo.eContentType !== TST_INFO || !eContent) return fail('ce n’est pas un jeton RFC 3161');
    info = pkijs.TSTInfo.fromBER(eContent.getValue());
  } catch {
    return fail('jeton illisible');
  }
  const time = info.genTime.toISOString();
  const signer = signed.certificates?.find((c): c is pkijs.Certificate => c instanceof pkijs.Certificate) ?? null;
  const authority = signer ? nameOf(signer) : null;
  const data = new TextEncoder().encode(signedText);
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256) return fail('empreinte autre que SHA-256', time, authority);
  if (!equal(new Uint8Array(info.messageImprint.hashedMessage.valueBlock.valueHexView), sha256(data))) {
    return fail('l’empreinte horodatée n’est pas celle du point de contrôle signé (texte et signature)', time, authority);
  }
  if (!signer) return fail('le jeton ne porte pas le certificat de l’autorité', time);
  const eku = signer.extensions?.find((e) => e.extnID === '2.5.29.37');
  const usages = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!eku?.critical || usages.length !== 1 || usages[0] !== ID_KP_TIME_STAMPING) return fail('le certificat de l’autorité n’est pas réservé à l’horodatage', time, authority);
  try {
    const result = await signed.verify({ signer: 0, data: bufferOf(data), checkChain: false, checkDate: info.genTime, extendedMode: true });
    if (!result.signatureVerified) return fail('la signature de l’autorité ne correspond pas', time, authority);
  } catch (error) {
    return fail(`signature de l’autorité invalide (${(error as { message?: string }).message ?? String(error)})`, time, authority);
  }
  return { ok: true, time, authority, problem: null };
}
