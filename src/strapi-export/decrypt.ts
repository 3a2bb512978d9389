// A `strapi export --key` passphrase -> the decipher that turns a `.enc` archive back into the
// gzip (or tar) bytes it encrypted. Strapi v4 encrypts with aes-128-ecb, keyed by scrypt.
import { createDecipheriv, scryptSync, type Decipher } from 'node:crypto';

const ALGORITHM = 'aes-128-ecb';
/** AES block size: an ECB stream decrypts block by block, so a prefix decrypts on its own. */
const BLOCK_SIZE = 16;

/** The AES key Strapi derives from a passphrase: scrypt with an empty salt, 16 bytes. */
export function deriveKey(passphrase: string): Buffer {
  return scryptSync(passphrase, '', 16);
}

/** A streaming decipher for a whole archive; the last block's padding is checked at its end. */
export function createArchiveDecipher(key: Buffer): Decipher {
  return createDecipheriv(ALGORITHM, key, null);
}

/**
 * Decrypts the whole blocks of an archive's first bytes without checking padding, so the caller
 * can see whether the key yields a gzip or tar header before reading the rest.
 */
export function decryptPrefix(prefix: Buffer, key: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, null);
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(prefix.subarray(0, prefix.length - (prefix.length % BLOCK_SIZE))), decipher.final()]);
}
