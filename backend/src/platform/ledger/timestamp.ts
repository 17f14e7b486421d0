import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * RFC 3161 timestamps of checkpoints (docs/adr/0038), with pkijs + asn1js (PeculiarVentures):
 * TimeStampReq/TimeStampResp, CMS SignedData and certificate chains, on Node's WebCrypto.
 */
const SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'] });

const arrayBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export class TimestampError extends Error {}

/** Asks the authority at `url` for a token of `data` (its SHA-256), with a nonce and its certificate; gives the token (DER) and its time. */
export async function requestTimestamp(url: string, data: Buffer, trusted?: pkijs.Certificate[]): Promise<{ token: Buffer; time: Date }> {
  const imprint = createHash('sha256').update(data).digest();
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f; // a positive INTEGER
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
    certReq: true,
  });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: Buffer.from(request.toSchema().toBER(false)),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new TimestampError(`autorité d'horodatage injoignable : ${(error as Error).message}`);
  }
  if (!response.ok) throw new TimestampError(`autorité d'horodatage : réponse HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  let reply: pkijs.TimeStampResp;
  try {
    reply = pkijs.TimeStampResp.fromBER(arrayBuffer(body));
  } catch {
    throw new TimestampError("autorité d'horodatage : réponse illisible");
  }
  if (reply.status.status > 1 || !reply.timeStampToken) throw new TimestampError(`autorité d'horodatage : demande refusée (statut ${reply.status.status})`);
  const token = Buffer.from(reply.timeStampToken.toSchema().toBER(false));
  // Checked as the verifier will (the configured CA too): a token from another authority is never stored.
  const checked = await verifyTimestamp(token, data, { nonce, trusted });
  if (!checked.ok) throw new TimestampError(`autorité d'horodatage : jeton invalide (${checked.problem})`);
  return { token, time: checked.time! };
}

export interface TimestampCheck {
  ok: boolean;
  time: Date | null;
  problem?: string;
  /**
   * True when the authority's certificate was chained to a trusted CA (`trusted`): only then does the
   * token prove its time against an operator who could make tokens of their own (ADR 0038).
   */
  anchored?: boolean;
}

/** Certificates of a PEM file (the authority's CA). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((m) =>
    pkijs.Certificate.fromBER(arrayBuffer(Buffer.from(m[1].replace(/\s+/g, ''), 'base64'))),
  );
}

/**
 * Checks a token: a CMS SignedData over a TSTInfo whose message imprint is SHA-256 of `data`
 * (and whose nonce is `nonce` when given), signed by a certificate it carries and names in its
 * signed attributes (signingCertificate), that certificate for time-stamping only (extendedKeyUsage),
 * and chained to `trusted` when given (`anchored`).
 */
export async function verifyTimestamp(token: Buffer, data: Buffer, options: { nonce?: Buffer; trusted?: pkijs.Certificate[] } = {}): Promise<TimestampCheck> {
  const fail = (problem: string, time: Date | null = null): TimestampCheck => ({ ok: false, time, problem });
  const imprint = createHash('sha256').update(data).digest();
  let signed: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    const content = pkijs.ContentInfo.fromBER(arrayBuffer(token));
    signed = new pkijs.SignedData({ schema: content.content });
    const eContent = signed.encapContentInfo.eContent;
    if (signed.encapContentInfo.eContentType !== '1.2.840.113549.1.9.16.1.4' || !eContent) return fail('ce n’est pas un jeton RFC 3161');
    info = pkijs.TSTInfo.fromBER(eContent.getValue());
  } catch {
    return fail('jeton illisible');
  }
  const time = info.genTime;
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256) return fail('empreinte autre que SHA-256', time);
  if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint)) return fail('l’empreinte horodatée n’est pas celle du point de contrôle signé', time);
  if (options.nonce) {
    const nonce = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
    if (!nonce || !nonce.equals(options.nonce)) return fail('le nonce de la réponse n’est pas celui de la demande', time);
  }
  const trusted = options.trusted ?? [];
  let signer: pkijs.Certificate | undefined;
  try {
    const result = await signed.verify(
      { signer: 0, data: arrayBuffer(data), checkChain: trusted.length > 0, trustedCerts: trusted, checkDate: time, extendedMode: true },
      engine,
    );
    if (!result.signatureVerified) return fail('la signature de l’autorité ne correspond pas', time);
    signer = result.signerCertificate ?? undefined;
  } catch (error) {
    const message = (error as { message?: string }).message ?? String(error);
    return fail(trusted.length ? `signature ou chaîne de certificats de l’autorité invalide (${message})` : `signature de l’autorité invalide (${message})`, time);
  }
  // The certificate that signed (not whichever the token lists first) must be for time-stamping only,
  // and be the one the signed attributes name (ESSCertID / ESSCertIDv2, RFC 3161 §2.4.2, RFC 5816).
  if (!signer) return fail('le jeton ne porte pas le certificat de l’autorité', time);
  const eku = signer.extensions?.find((e) => e.extnID === '2.5.29.37');
  const usages = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!eku?.critical || usages.length !== 1 || usages[0] !== ID_KP_TIME_STAMPING) return fail('le certificat de l’autorité n’est pas réservé à l’horodatage', time);
  const named = signingCertificateHash(signed);
  if (!named) return fail('le jeton ne nomme pas le certificat qui l’a signé (attribut signingCertificate absent)', time);
  const actual = createHash(named.algorithm).update(Buffer.from(signer.toSchema().toBER(false))).digest();
  if (!actual.equals(named.hash)) return fail('le certificat qui a signé n’est pas celui que le jeton nomme (signingCertificate)', time);
  return { ok: true, time, anchored: trusted.length > 0 };
}

const HASH_BY_OID: Record<string, string> = { '2.16.840.1.101.3.4.2.1': 'sha256', '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512' };

/**
 * The hash of the signer's certificate the token's signed attributes carry: signingCertificateV2
 * (ESSCertIDv2, SHA-256 unless named) or signingCertificate (ESSCertID, SHA-1); null when absent
 * or unreadable.
 */
function signingCertificateHash(signed: pkijs.SignedData): { algorithm: string; hash: Buffer } | null {
  const attributes = signed.signerInfos[0]?.signedAttrs?.attributes ?? [];
  for (const attribute of attributes) {
    const v2 = attribute.type === '1.2.840.113549.1.9.16.2.47';
    if (!v2 && attribute.type !== '1.2.840.113549.1.9.16.2.12') continue;
    try {
      const certs = (attribute.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
      const first = certs.valueBlock.value[0] as asn1js.Sequence;
      const parts = first.valueBlock.value;
      let algorithm = v2 ? 'sha256' : 'sha1';
      let index = 0;
      if (v2 && parts[0] instanceof asn1js.Sequence) {
        const oid = (parts[0].valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString();
        const named = HASH_BY_OID[oid];
        if (!named) return null;
        algorithm = named;
        index = 1;
      }
      const hash = parts[index];
      if (!(hash instanceof asn1js.OctetString)) return null;
      return { algorithm, hash: Buffer.from(hash.valueBlock.valueHexView) };
    } catch {
      return null;
    }
  }
  return null;
}
