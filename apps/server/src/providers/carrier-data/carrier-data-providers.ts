// The carrier-data provider the settings choose (DOT_PROVIDER): the sandbox, or FMCSA's QCMobile.
import type { Config } from '../../config/config.ts';
import type { Executor } from '../../db/client.ts';
import type { CarrierDataProvider } from './carrier-data-provider.ts';
import { QcMobileCarrierDataProvider } from './qcmobile-carrier-data-provider.ts';
import { sandboxCarrierDataProvider } from './sandbox-carrier-data-provider.ts';

export function carrierDataProviderFrom(config: Pick<Config, 'DOT_PROVIDER' | 'FMCSA_WEB_KEY' | 'FMCSA_QCMOBILE_URL' | 'FMCSA_RATE_LIMIT_PER_SECOND' | 'FMCSA_TIMEOUT_MS'>, db: Executor): CarrierDataProvider {
  if (config.DOT_PROVIDER === 'qcmobile') {
    // The settings schema refuses qcmobile without a webKey.
    return new QcMobileCarrierDataProvider({
      baseUrl: config.FMCSA_QCMOBILE_URL, webKey: config.FMCSA_WEB_KEY!, ratePerSecond: config.FMCSA_RATE_LIMIT_PER_SECOND, timeoutMs: config.FMCSA_TIMEOUT_MS,
    });
  }
  return sandboxCarrierDataProvider(db);
}
