// The package ships no types; this declares the part we use.
declare module "multicoin-address-validator" {
  interface ValidateOptions {
    networkType?: "prod" | "testnet" | "both";
    chainType?: string;
  }
  interface CurrencyInfo {
    name: string;
    symbol: string;
  }
  const validator: {
    validate(address: string, currency: string, options?: ValidateOptions): boolean;
    findCurrency(symbol: string): CurrencyInfo | null;
  };
  export default validator;
}
