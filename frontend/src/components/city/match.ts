// How a typed text picks cities in the city pickers, kept free of UI so both (the parcel form's,
// searched on the server; the registration's, on the served list) rank alike.
import type { CityOption } from './CityAutocomplete';

/** Lower case without accents: "Tétouan" matches "tetouan". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/**
 * The cities whose name holds the typed text, those starting with it first (so Enter on the
 * highlighted first one picks "Casablanca" for "casa"); every city when nothing is typed.
 */
export function matchingCities<C extends CityOption>(cities: readonly C[], typed: string): C[] {
  const text = fold(typed);
  return cities
    .filter((city) => fold(city.name).includes(text))
    .sort((a, b) => Number(!fold(a.name).startsWith(text)) - Number(!fold(b.name).startsWith(text)));
}
