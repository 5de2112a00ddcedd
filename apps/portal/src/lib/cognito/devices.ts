// Remembered devices (SPEC.md §5): when the user pool tracks devices, a sign-in answers
// NewDeviceMetadata {DeviceKey, DeviceGroupKey}; the portal makes up a random password, confirms the
// device with an SRP verifier of it (ConfirmDevice, as Amplify does), and keeps the three parts per
// user. Later sign-ins and refreshes send the device key. Metadata missing a part is not used
// (DeviceMetadataNotFoundException) and is forgotten.
import { assertDeviceMetadata, type DeviceMetadata } from './config-rules.ts';

export interface DeviceStore {
  get(username: string): DeviceMetadata | null;
  set(username: string, metadata: DeviceMetadata): void;
  remove(username: string): void;
}

/** Per app client and user, in localStorage: a device outlives the 7-day session cookies. */
export function localDeviceStore(clientId: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage): DeviceStore {
  const key = (username: string) => `clearlane.cognito.${clientId}.${username.toLowerCase()}.device`;
  return {
    get(username) {
      const raw = storage.getItem(key(username));
      if (!raw) return null;
      try {
        return assertDeviceMetadata(JSON.parse(raw) as Partial<DeviceMetadata>);
      } catch {
        storage.removeItem(key(username));
        return null;
      }
    },
    set: (username, metadata) => storage.setItem(key(username), JSON.stringify(assertDeviceMetadata(metadata))),
    remove: (username) => storage.removeItem(key(username)),
  };
}

/** RFC 3526's 3072-bit group (Cognito's SRP N), g = 2. */
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const G = 2n;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A positive big integer as even-length hex, with a leading 00 when the top bit is set (Amplify's padHex). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

async function sha256Hex(data: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource)));
}

/** The random password of a new device and the ConfirmDevice verifier of it. */
export async function deviceSecretVerifier(deviceKey: string, deviceGroupKey: string, random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  const randomPassword = toBase64(random(40));
  const hashed = await sha256Hex(new TextEncoder().encode(`${deviceGroupKey}${deviceKey}:${randomPassword}`));
  const salt = padHex(BigInt(`0x${toHex(random(16))}`));
  const x = BigInt(`0x${await sha256Hex(fromHex(salt + hashed))}`);
  const verifier = padHex(modPow(G, x, N));
  return { randomPassword, config: { PasswordVerifier: toBase64(fromHex(verifier)), Salt: toBase64(fromHex(salt)) } };
}
