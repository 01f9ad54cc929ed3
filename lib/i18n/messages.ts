import { TYPE } from "@formatjs/icu-messageformat-parser";
import type { Language } from "@/lib/locale";
import { PLACE_CATEGORIES } from "@/lib/places";
import { compile, format, type Entry, type Message } from "./format";

export { format, formatParts, formatTimeOfDay, type Message } from "./format";

/**
 * The brand pages' own words (content text comes from the records' translation objects), one catalog per supported
 * language, each message in ICU MessageFormat (formatted by FormatJS's intl-messageformat, ./format.ts): plurals with
 * every category the language has, numbers, times and dates in the language's conventions. Every language has every
 * key, with the same arguments as English (the compiler checks the keys, __tests__/messages.test.ts the arguments
 * and the plural categories).
 *
 * Words for codes a record carries (property types, bed types, card and payment types, photo categories, size units)
 * are `select` messages: `type` is the code as lib/i18n/codes.ts normalises it, `label` the record's own text, shown
 * for a code the catalog does not know.
 */
const en = {
  searchLabel: "Destination or hotel",
  searchPlaceholder: "Where are you going?",
  searchButton: "Search",
  searchTitle: "Search",
  popular: "Popular destinations",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} other {# hotels}}",
  hotelsIn: "Hotels in {place}",
  resultCount: "{total, number} of {inPlace, plural, one {# property} other {# properties}}",
  noResults: "No properties match these filters.",
  noHotelsYet: "No hotels are published yet.",
  noPlace: "No destination matches “{q}”.",
  choosePlace: "Search for a city, region, landmark or airport.",
  clearFilters: "Clear filters",
  sortBy: "Sort by",
  sortDistance: "Distance from the centre",
  sortName: "Name",
  propertyType: "Property type",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Apartment}
    guesthouse {Guesthouse}
    hostel {Hostel}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & breakfast}
    aparthotel {Aparthotel}
    motel {Motel}
    vacation_home {Vacation home}
    inn {Inn}
    lodge {Lodge}
    cottage {Cottage}
    chalet {Chalet}
    condo {Condo}
    cabin {Cabin}
    campsite {Campsite}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Any",
  petFriendly: "Pet-friendly",
  vacationRental: "Vacation rental",
  apply: "Apply",
  previous: "Previous",
  next: "Next",
  pageOf: "Page {page, number} of {pages, number}",
  kmFromCentre: "{km, number, ::.#} km from the centre",
  language: "Language",
  currency: "Currency",
  nearby: "Nearby places",
  nearbyLoading: "Loading nearby places…",
  nearbyError: "Nearby places could not be loaded.",
  nearbyEmpty: "No places with hotels nearby.",
  placeCategory: `{type, select,
    country {Country}
    adminDivision {Region}
    city {City}
    townVillage {Town}
    subCity {District}
    landmark {Landmark}
    touristRegion {Tourist region}
    airport {Airport}
    other {{label}}
  }`,
  checkIn: "Check-in",
  checkOut: "Check-out",
  from: "from {time}",
  until: "until {time}",
  allDay: "24-hour check-in",
  minAge: "Minimum age",
  maxAge: "Maximum age",
  keyCollection: "Key collection",
  policies: "Policies",
  healthAndSafety: "Health and safety",
  payment: "Payment",
  languagesSpoken: "Languages spoken",
  legal: "Legal",
  vacationRentalDetails: "Vacation rental details",
  about: "About the property",
  location: "Location",
  yes: "Yes",
  no: "No",
  notFound: "Page not found",
  notFoundText: "This page does not exist on this site.",
  home: "Home",
  hotelsMatching: "Hotels matching “{q}”",
  instructions: "Instructions",
  specialInstructions: "Special instructions",
  checkOutPolicy: "Check-out policy",
  keyLocation: "Where the keys are",
  howToCollect: "How to collect them",
  alternativeKeyLocation: "Alternative key location",
  knowBeforeYouGo: "Know before you go",
  nationalityRestrictions: "Nationality restrictions",
  enhanced_cleaning_practices: "Enhanced cleaning practices",
  cleaned_with_disinfectant: "Cleaned with disinfectant",
  self_check_in_and_check_out: "Self check-in and check-out",
  gap_between_stays: "Gap between stays",
  acceptedCards: "Accepted cards",
  cardType: `{type, select,
    credit {credit}
    debit {debit}
    other {{label}}
  }`,
  mandatoryFees: "Mandatory fees",
  optionalFees: "Optional fees",
  deposit: "Deposit",
  onsitePayments: "Payments at the property",
  paymentType: `{type, select,
    cash {Cash}
    debit_cards {Debit cards}
    credit_cards {Credit cards}
    bank_transfer {Bank transfer}
    other {{label}}
  }`,
  paymentCurrency: "Payment currency",
  registrationRecommended: "Payment registration recommended",
  creditCardRequired: "Credit card required",
  domesticWithoutCard: "Domestic bookings without card details",
  license: "Licence",
  registryNumber: "Registry number",
  taxId: "Tax id",
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  beds: "Beds",
  bedType: `{type, select,
    double_bed {Double bed}
    queen_bed {Queen bed}
    king_bed {King bed}
    twin_beds {Twin beds}
    single_bed {Single bed}
    sofa_bed {Sofa bed}
    bunk_bed {Bunk bed}
    other {{label}}
  }`,
  houseRules: "House rules",
  children: "Children",
  parties: "Parties and events",
  pets: "Pets",
  smoking: "Smoking",
  allowed: "Allowed",
  notAllowed: "Not allowed",
  maxOccupancy: "Maximum occupancy",
  propertySize: "Size",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {sq ft} other {{label}}}",
  propertyManager: "Managed by",
  coordinates: "Coordinates",
  viewMap: "View on a map",
  lastUpdated: "Last updated",
  otherIds: "Other providers’ ids",
  defaultLanguage: "Main language",
  facts: "At a glance",
  groupedTerm: "{group}: {term}",
  overall: "Overview",
  headline: "Headline",
  business_amenities: "Business amenities",
  rooms: "Rooms",
  attractions: "Attractions",
  amenities: "Amenities",
  dining: "Dining",
  renovations: "Renovations",
  national_ratings: "National ratings",
  photos: "Photos",
  photoCategory: `{type, select,
    exterior {Exterior}
    lobby {Lobby}
    guestroom {Guestroom}
    bathroom {Bathroom}
    pool {Pool}
    restaurant {Restaurant}
    bar {Bar}
    breakfast_area {Breakfast area}
    fitness {Fitness}
    spa {Spa}
    beach {Beach}
    view {View}
    garden {Garden}
    terrace {Terrace}
    kitchen {Kitchen}
    living_area {Living area}
    other {{label}}
  }`,
  signIn: "Sign in",
  signOut: "Sign out",
  signedInAs: "Signed in as {name}",
  signInWith: "Sign in with {provider}",
  signInIntro: "Use your {provider} account. If you are already signed in there, no password is needed.",
  signInFailed: "Signing in with {provider} did not complete. Please try again.",
  signInUnavailable: "Signing in is not available right now. Please try again later.",
  signInNotOffered: "This site does not offer signing in.",
  // seo and gallery
  galleryDialog: "Photo viewer",
  galleryClose: "Close",
  galleryPrevious: "Previous photo",
  galleryNext: "Next photo",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Map",
  mapOfResults: "Map of the hotels in {place}",
  mapOfHotel: "Map of {name} and places nearby",
  mapThisHotel: "{name} (this property)",
  mapBaseCredit: "Base map",
  mapTilesCredit: "Map tiles",
  placeDataCredit: "Place data: {geonames} (CC BY 4.0) and {ourairports} (public domain).",
  // dates and guests
  stayCheckIn: "Check-in",
  stayCheckOut: "Check-out",
  stayGuests: "Rooms and guests",
  stayRoom: "Room {n}",
  stayAdults: "Adults",
  stayChildren: "Children",
  stayChildAge: "Age of child {n}",
  stayAddRoom: "Add a room",
  stayRemoveRoom: "Remove room {n}",
  stayDone: "Done",
  stayUpdate: "Update",
  stayYourStay: "Your stay",
  stayRoomsOne: "1 room",
  stayRoomsMany: "{n, plural, one {# room} other {# rooms}}",
  stayAdultsOne: "1 adult",
  stayAdultsMany: "{n, plural, one {# adult} other {# adults}}",
  stayChildrenOne: "1 child",
  stayChildrenMany: "{n, plural, one {# child} other {# children}}",
  stayInvalidDate: "Please enter real dates (for example 2026-06-01).",
  stayMissingDate: "Please choose both a check-in and a check-out date.",
  stayCheckOutBeforeCheckIn: "Check-out must be after check-in.",
  stayPastDate: "Check-in cannot be in the past.",
  stayTooLong: "A stay can be at most {max, plural, one {# night} other {# nights}}.",
  stayInvalidRooms: "The rooms and guests could not be read: please choose them again.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 night",
  stayNightsMany: "{n, plural, one {# night} other {# nights}}",
  handoffCta: "See rates at {site}",
  handoffNote: "Opens {site} with these dates and guests, prices in {currency}.",
  handoffNoDates: "No dates chosen yet: {site} will ask for them.",
  stayHintHandoff: "Choose dates and guests, then see rates at {site} from any hotel’s page.",
  stayHintNoHandoff:
    "Hotel details only: this site shows no prices and takes no bookings. Your dates and guests are kept as you browse.",
  currencyHintConverted: "Currency ({currency}): fees stated in another currency get an approximate conversion.",
  currencyHintLinks: "Currency ({currency}): used in the links to search results and nearby places.",
  approxAmount: "≈ {amount} (approx.)",
  ratesNote: "Approximate conversions use the euro reference rates of {date}.",
  signedOut: "You are signed out.",
  // phone-first pages, the range calendar, results
  menuLabel: "Language and currency",
  searchEdit: "Edit",
  stayAddDates: "Add dates",
  stayCalendar: "Choose dates on a calendar",
  stayPreviousMonth: "Previous month",
  stayNextMonth: "Next month",
  stayChooseCheckIn: "Choose your check-in date.",
  stayChooseCheckOut: "Now choose your check-out date.",
  stayClearDates: "Clear dates",
  sortPopular: "Popularity",
  filters: "Filters",
  showMap: "Show map",
  hideMap: "Hide map",
  pages: "Pages",
  pageNumber: "Page {n, number}",
} as const;

type English = typeof en;
export type MessageKey = keyof English;

/** A language's catalog: every key English has, each an ICU MessageFormat text. */
export type Catalog = { readonly [K in MessageKey]: string };

/** The words of a page in one language: text where a message takes no values, else a Message to format. */
export type Messages = { readonly [K in MessageKey]: Entry<English[K]> };

const de: Catalog = {
  searchLabel: "Reiseziel oder Hotel",
  searchPlaceholder: "Wohin möchten Sie reisen?",
  searchButton: "Suchen",
  searchTitle: "Suche",
  popular: "Beliebte Reiseziele",
  hotel: "Hotel",
  hotels: "{count, plural, one {# Hotel} other {# Hotels}}",
  hotelsIn: "Hotels in {place}",
  resultCount: "{total, number} von {inPlace, plural, one {# Unterkunft} other {# Unterkünften}}",
  noResults: "Keine Unterkunft entspricht diesen Filtern.",
  noHotelsYet: "Es sind noch keine Hotels veröffentlicht.",
  noPlace: "Kein Reiseziel passt zu „{q}“.",
  choosePlace: "Suchen Sie nach einer Stadt, einer Region, einer Sehenswürdigkeit oder einem Flughafen.",
  clearFilters: "Filter zurücksetzen",
  sortBy: "Sortieren nach",
  sortDistance: "Entfernung vom Zentrum",
  sortName: "Name",
  propertyType: "Unterkunftsart",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Apartment}
    guesthouse {Pension}
    hostel {Hostel}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & Breakfast}
    aparthotel {Aparthotel}
    motel {Motel}
    vacation_home {Ferienhaus}
    inn {Gasthaus}
    lodge {Lodge}
    cottage {Landhaus}
    chalet {Chalet}
    condo {Ferienwohnung}
    cabin {Hütte}
    campsite {Campingplatz}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Alle",
  petFriendly: "Haustiere erlaubt",
  vacationRental: "Ferienunterkunft",
  apply: "Anwenden",
  previous: "Zurück",
  next: "Weiter",
  pageOf: "Seite {page, number} von {pages, number}",
  kmFromCentre: "{km, number, ::.#} km vom Zentrum",
  language: "Sprache",
  currency: "Währung",
  nearby: "In der Nähe",
  nearbyLoading: "Orte in der Nähe werden geladen …",
  nearbyError: "Orte in der Nähe konnten nicht geladen werden.",
  nearbyEmpty: "Keine Orte mit Hotels in der Nähe.",
  placeCategory: `{type, select,
    country {Land}
    adminDivision {Region}
    city {Stadt}
    townVillage {Ort}
    subCity {Stadtteil}
    landmark {Sehenswürdigkeit}
    touristRegion {Urlaubsregion}
    airport {Flughafen}
    other {{label}}
  }`,
  checkIn: "Check-in",
  checkOut: "Check-out",
  from: "ab {time}",
  until: "bis {time}",
  allDay: "Check-in rund um die Uhr",
  minAge: "Mindestalter",
  maxAge: "Höchstalter",
  keyCollection: "Schlüsselübergabe",
  policies: "Richtlinien",
  healthAndSafety: "Gesundheit und Sicherheit",
  payment: "Zahlung",
  languagesSpoken: "Gesprochene Sprachen",
  legal: "Rechtliches",
  vacationRentalDetails: "Angaben zur Ferienunterkunft",
  about: "Über die Unterkunft",
  location: "Lage",
  yes: "Ja",
  no: "Nein",
  notFound: "Seite nicht gefunden",
  notFoundText: "Diese Seite gibt es auf dieser Website nicht.",
  home: "Startseite",
  hotelsMatching: "Hotels zu „{q}“",
  instructions: "Hinweise",
  specialInstructions: "Besondere Hinweise",
  checkOutPolicy: "Regeln zum Check-out",
  keyLocation: "Wo die Schlüssel sind",
  howToCollect: "So erhalten Sie sie",
  alternativeKeyLocation: "Anderer Ort für die Schlüssel",
  knowBeforeYouGo: "Wissenswertes vor der Anreise",
  nationalityRestrictions: "Einschränkungen nach Staatsangehörigkeit",
  enhanced_cleaning_practices: "Verstärkte Reinigungsmaßnahmen",
  cleaned_with_disinfectant: "Reinigung mit Desinfektionsmittel",
  self_check_in_and_check_out: "Check-in und Check-out ohne Rezeption",
  gap_between_stays: "Pause zwischen zwei Aufenthalten",
  acceptedCards: "Akzeptierte Karten",
  cardType: `{type, select,
    credit {Kreditkarte}
    debit {Debitkarte}
    other {{label}}
  }`,
  mandatoryFees: "Obligatorische Gebühren",
  optionalFees: "Optionale Gebühren",
  deposit: "Kaution",
  onsitePayments: "Zahlung in der Unterkunft",
  paymentType: `{type, select,
    cash {Bargeld}
    debit_cards {Debitkarten}
    credit_cards {Kreditkarten}
    bank_transfer {Banküberweisung}
    other {{label}}
  }`,
  paymentCurrency: "Zahlungswährung",
  registrationRecommended: "Hinterlegen der Zahlungsdaten empfohlen",
  creditCardRequired: "Kreditkarte erforderlich",
  domesticWithoutCard: "Inlandsbuchungen ohne Kartendaten",
  license: "Lizenz",
  registryNumber: "Registernummer",
  taxId: "Steuernummer",
  bedrooms: "Schlafzimmer",
  bathrooms: "Badezimmer",
  beds: "Betten",
  bedType: `{type, select,
    double_bed {Doppelbett}
    queen_bed {Queensize-Bett}
    king_bed {Kingsize-Bett}
    twin_beds {Zwei Einzelbetten}
    single_bed {Einzelbett}
    sofa_bed {Schlafsofa}
    bunk_bed {Etagenbett}
    other {{label}}
  }`,
  houseRules: "Hausregeln",
  children: "Kinder",
  parties: "Partys und Veranstaltungen",
  pets: "Haustiere",
  smoking: "Rauchen",
  allowed: "Erlaubt",
  notAllowed: "Nicht erlaubt",
  maxOccupancy: "Maximale Belegung",
  propertySize: "Größe",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Verwaltet von",
  coordinates: "Koordinaten",
  viewMap: "Auf der Karte ansehen",
  lastUpdated: "Zuletzt aktualisiert",
  otherIds: "Kennungen bei anderen Anbietern",
  defaultLanguage: "Hauptsprache",
  facts: "Auf einen Blick",
  groupedTerm: "{group}: {term}",
  overall: "Überblick",
  headline: "Kurzbeschreibung",
  business_amenities: "Für Geschäftsreisende",
  rooms: "Zimmer",
  attractions: "Sehenswürdigkeiten",
  amenities: "Ausstattung",
  dining: "Essen und Trinken",
  renovations: "Renovierungen",
  national_ratings: "Offizielle Klassifizierung",
  photos: "Fotos",
  photoCategory: `{type, select,
    exterior {Außenansicht}
    lobby {Lobby}
    guestroom {Zimmer}
    bathroom {Badezimmer}
    pool {Pool}
    restaurant {Restaurant}
    bar {Bar}
    breakfast_area {Frühstücksbereich}
    fitness {Fitnessbereich}
    spa {Spa}
    beach {Strand}
    view {Aussicht}
    garden {Garten}
    terrace {Terrasse}
    kitchen {Küche}
    living_area {Wohnbereich}
    other {{label}}
  }`,
  signIn: "Anmelden",
  signOut: "Abmelden",
  signedInAs: "Angemeldet als {name}",
  signInWith: "Mit {provider} anmelden",
  signInIntro:
    "Melden Sie sich mit Ihrem {provider}-Konto an. Sind Sie dort schon angemeldet, brauchen Sie kein Passwort.",
  signInFailed: "Die Anmeldung mit {provider} wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.",
  signInUnavailable: "Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.",
  signInNotOffered: "Diese Website bietet keine Anmeldung an.",
  // seo and gallery
  galleryDialog: "Fotoansicht",
  galleryClose: "Schließen",
  galleryPrevious: "Vorheriges Foto",
  galleryNext: "Nächstes Foto",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Karte",
  mapOfResults: "Karte der Hotels in {place}",
  mapOfHotel: "Karte von {name} und Orten in der Nähe",
  mapThisHotel: "{name} (diese Unterkunft)",
  mapBaseCredit: "Grundkarte",
  mapTilesCredit: "Kartenkacheln",
  placeDataCredit: "Ortsdaten: {geonames} (CC BY 4.0) und {ourairports} (gemeinfrei).",
  // dates and guests
  stayCheckIn: "Anreise",
  stayCheckOut: "Abreise",
  stayGuests: "Zimmer und Gäste",
  stayRoom: "Zimmer {n}",
  stayAdults: "Erwachsene",
  stayChildren: "Kinder",
  stayChildAge: "Alter von Kind {n}",
  stayAddRoom: "Zimmer hinzufügen",
  stayRemoveRoom: "Zimmer {n} entfernen",
  stayDone: "Fertig",
  stayUpdate: "Aktualisieren",
  stayYourStay: "Ihr Aufenthalt",
  stayRoomsOne: "1 Zimmer",
  stayRoomsMany: "{n, plural, one {# Zimmer} other {# Zimmer}}",
  stayAdultsOne: "1 Erwachsener",
  stayAdultsMany: "{n, plural, one {# Erwachsener} other {# Erwachsene}}",
  stayChildrenOne: "1 Kind",
  stayChildrenMany: "{n, plural, one {# Kind} other {# Kinder}}",
  stayInvalidDate: "Bitte geben Sie gültige Daten ein (zum Beispiel 2026-06-01).",
  stayMissingDate: "Bitte wählen Sie ein An- und ein Abreisedatum.",
  stayCheckOutBeforeCheckIn: "Die Abreise muss nach der Anreise liegen.",
  stayPastDate: "Die Anreise darf nicht in der Vergangenheit liegen.",
  stayTooLong: "Ein Aufenthalt darf höchstens {max, plural, one {# Nacht} other {# Nächte}} dauern.",
  stayInvalidRooms: "Zimmer und Gäste waren nicht lesbar: Bitte wählen Sie sie erneut.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 Nacht",
  stayNightsMany: "{n, plural, one {# Nacht} other {# Nächte}}",
  handoffCta: "Preise bei {site} ansehen",
  handoffNote: "Öffnet {site} mit diesen Daten und Gästen, Preise in {currency}.",
  handoffNoDates: "Noch keine Daten gewählt: {site} fragt danach.",
  stayHintHandoff: "Wählen Sie Daten und Gäste, dann sehen Sie auf jeder Hotelseite die Preise bei {site}.",
  stayHintNoHandoff:
    "Nur Hotelinformationen: Diese Website zeigt keine Preise und nimmt keine Buchungen an. Ihre Daten und Gäste bleiben beim Weiterblättern erhalten.",
  currencyHintConverted: "Währung ({currency}): Gebühren in einer anderen Währung werden ungefähr umgerechnet.",
  currencyHintLinks: "Währung ({currency}): wird in den Links zu Suchergebnissen und Orten in der Nähe verwendet.",
  approxAmount: "≈ {amount} (ca.)",
  ratesNote: "Ungefähre Umrechnung mit den Euro-Referenzkursen vom {date}.",
  signedOut: "Sie sind abgemeldet.",
  // phone-first pages, the range calendar, results
  menuLabel: "Sprache und Währung",
  searchEdit: "Ändern",
  stayAddDates: "Daten hinzufügen",
  stayCalendar: "Daten im Kalender wählen",
  stayPreviousMonth: "Vorheriger Monat",
  stayNextMonth: "Nächster Monat",
  stayChooseCheckIn: "Wählen Sie Ihr Anreisedatum.",
  stayChooseCheckOut: "Wählen Sie jetzt Ihr Abreisedatum.",
  stayClearDates: "Daten löschen",
  sortPopular: "Beliebtheit",
  filters: "Filter",
  showMap: "Karte anzeigen",
  hideMap: "Karte ausblenden",
  pages: "Seiten",
  pageNumber: "Seite {n, number}",
};

const fr: Catalog = {
  searchLabel: "Destination ou hôtel",
  searchPlaceholder: "Où allez-vous ?",
  searchButton: "Rechercher",
  searchTitle: "Recherche",
  popular: "Destinations populaires",
  hotel: "hôtel",
  hotels: "{count, plural, one {# hôtel} many {# d’hôtels} other {# hôtels}}",
  hotelsIn: "Hôtels : {place}",
  resultCount:
    "{total, number} sur {inPlace, plural, one {# établissement} many {# d’établissements} other {# établissements}}",
  noResults: "Aucun établissement ne correspond à ces filtres.",
  noHotelsYet: "Aucun hôtel n’est encore publié.",
  noPlace: "Aucune destination ne correspond à « {q} ».",
  choosePlace: "Recherchez une ville, une région, un site ou un aéroport.",
  clearFilters: "Effacer les filtres",
  sortBy: "Trier par",
  sortDistance: "Distance du centre",
  sortName: "Nom",
  propertyType: "Type d’établissement",
  propertyTypeName: `{type, select,
    hotel {Hôtel}
    apartment {Appartement}
    guesthouse {Maison d’hôtes}
    hostel {Auberge de jeunesse}
    resort {Complexe hôtelier}
    villa {Villa}
    bed_breakfast {Chambre d’hôtes}
    aparthotel {Résidence hôtelière}
    motel {Motel}
    vacation_home {Maison de vacances}
    inn {Auberge}
    lodge {Lodge}
    cottage {Cottage}
    chalet {Chalet}
    condo {Appartement en résidence}
    cabin {Cabane}
    campsite {Camping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Tous",
  petFriendly: "Animaux acceptés",
  vacationRental: "Location de vacances",
  apply: "Appliquer",
  previous: "Précédent",
  next: "Suivant",
  pageOf: "Page {page, number} sur {pages, number}",
  kmFromCentre: "À {km, number, ::.#} km du centre",
  language: "Langue",
  currency: "Devise",
  nearby: "À proximité",
  nearbyLoading: "Chargement des lieux à proximité…",
  nearbyError: "Impossible de charger les lieux à proximité.",
  nearbyEmpty: "Aucun lieu avec des hôtels à proximité.",
  placeCategory: `{type, select,
    country {Pays}
    adminDivision {Région}
    city {Ville}
    townVillage {Localité}
    subCity {Quartier}
    landmark {Site}
    touristRegion {Région touristique}
    airport {Aéroport}
    other {{label}}
  }`,
  checkIn: "Arrivée",
  checkOut: "Départ",
  from: "à partir de {time}",
  until: "jusqu’à {time}",
  allDay: "Arrivée 24 h/24",
  minAge: "Âge minimum",
  maxAge: "Âge maximum",
  keyCollection: "Remise des clés",
  policies: "Règlement",
  healthAndSafety: "Santé et sécurité",
  payment: "Paiement",
  languagesSpoken: "Langues parlées",
  legal: "Mentions légales",
  vacationRentalDetails: "Détails de la location de vacances",
  about: "À propos de l’établissement",
  location: "Emplacement",
  yes: "Oui",
  no: "Non",
  notFound: "Page introuvable",
  notFoundText: "Cette page n’existe pas sur ce site.",
  home: "Accueil",
  hotelsMatching: "Hôtels correspondant à « {q} »",
  instructions: "Instructions",
  specialInstructions: "Instructions particulières",
  checkOutPolicy: "Conditions de départ",
  keyLocation: "Où se trouvent les clés",
  howToCollect: "Comment les récupérer",
  alternativeKeyLocation: "Autre lieu de remise des clés",
  knowBeforeYouGo: "À savoir avant de partir",
  nationalityRestrictions: "Restrictions liées à la nationalité",
  enhanced_cleaning_practices: "Mesures de nettoyage renforcées",
  cleaned_with_disinfectant: "Nettoyage au désinfectant",
  self_check_in_and_check_out: "Arrivée et départ en autonomie",
  gap_between_stays: "Délai entre deux séjours",
  acceptedCards: "Cartes acceptées",
  cardType: `{type, select,
    credit {crédit}
    debit {débit}
    other {{label}}
  }`,
  mandatoryFees: "Frais obligatoires",
  optionalFees: "Frais facultatifs",
  deposit: "Caution",
  onsitePayments: "Paiements sur place",
  paymentType: `{type, select,
    cash {Espèces}
    debit_cards {Cartes de débit}
    credit_cards {Cartes de crédit}
    bank_transfer {Virement bancaire}
    other {{label}}
  }`,
  paymentCurrency: "Devise de paiement",
  registrationRecommended: "Enregistrement du moyen de paiement recommandé",
  creditCardRequired: "Carte de crédit exigée",
  domesticWithoutCard: "Réservations nationales sans données de carte",
  license: "Licence",
  registryNumber: "Numéro d’enregistrement",
  taxId: "Numéro fiscal",
  bedrooms: "Chambres",
  bathrooms: "Salles de bains",
  beds: "Lits",
  bedType: `{type, select,
    double_bed {Lit double}
    queen_bed {Lit Queen Size}
    king_bed {Lit King Size}
    twin_beds {Lits jumeaux}
    single_bed {Lit simple}
    sofa_bed {Canapé-lit}
    bunk_bed {Lits superposés}
    other {{label}}
  }`,
  houseRules: "Règlement intérieur",
  children: "Enfants",
  parties: "Fêtes et événements",
  pets: "Animaux",
  smoking: "Tabac",
  allowed: "Autorisé",
  notAllowed: "Interdit",
  maxOccupancy: "Capacité maximale",
  propertySize: "Superficie",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {pi²} other {{label}}}",
  propertyManager: "Géré par",
  coordinates: "Coordonnées",
  viewMap: "Voir sur une carte",
  lastUpdated: "Dernière mise à jour",
  otherIds: "Identifiants chez d’autres fournisseurs",
  defaultLanguage: "Langue principale",
  facts: "En bref",
  groupedTerm: "{group} : {term}",
  overall: "Présentation",
  headline: "Accroche",
  business_amenities: "Services pour les voyageurs d’affaires",
  rooms: "Chambres",
  attractions: "À découvrir",
  amenities: "Équipements",
  dining: "Restauration",
  renovations: "Rénovations",
  national_ratings: "Classement officiel",
  photos: "Photos",
  photoCategory: `{type, select,
    exterior {Extérieur}
    lobby {Hall d’accueil}
    guestroom {Chambre}
    bathroom {Salle de bains}
    pool {Piscine}
    restaurant {Restaurant}
    bar {Bar}
    breakfast_area {Salle du petit-déjeuner}
    fitness {Salle de sport}
    spa {Spa}
    beach {Plage}
    view {Vue}
    garden {Jardin}
    terrace {Terrasse}
    kitchen {Cuisine}
    living_area {Coin salon}
    other {{label}}
  }`,
  signIn: "Se connecter",
  signOut: "Se déconnecter",
  signedInAs: "Connecté : {name}",
  signInWith: "Se connecter avec {provider}",
  signInIntro: "Utilisez votre compte {provider}. Si vous y êtes déjà connecté, aucun mot de passe n’est demandé.",
  signInFailed: "La connexion avec {provider} n’a pas abouti. Veuillez réessayer.",
  signInUnavailable: "La connexion n’est pas disponible pour le moment. Veuillez réessayer plus tard.",
  signInNotOffered: "Ce site ne propose pas de connexion.",
  // seo and gallery
  galleryDialog: "Visionneuse de photos",
  galleryClose: "Fermer",
  galleryPrevious: "Photo précédente",
  galleryNext: "Photo suivante",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Carte",
  mapOfResults: "Carte des hôtels : {place}",
  mapOfHotel: "Carte de {name} et des lieux à proximité",
  mapThisHotel: "{name} (cet établissement)",
  mapBaseCredit: "Fond de carte",
  mapTilesCredit: "Tuiles",
  placeDataCredit: "Données géographiques : {geonames} (CC BY 4.0) et {ourairports} (domaine public).",
  // dates and guests
  stayCheckIn: "Arrivée",
  stayCheckOut: "Départ",
  stayGuests: "Chambres et voyageurs",
  stayRoom: "Chambre {n}",
  stayAdults: "Adultes",
  stayChildren: "Enfants",
  stayChildAge: "Âge de l’enfant {n}",
  stayAddRoom: "Ajouter une chambre",
  stayRemoveRoom: "Retirer la chambre {n}",
  stayDone: "Terminé",
  stayUpdate: "Mettre à jour",
  stayYourStay: "Votre séjour",
  stayRoomsOne: "1 chambre",
  stayRoomsMany: "{n, plural, one {# chambre} many {# de chambres} other {# chambres}}",
  stayAdultsOne: "1 adulte",
  stayAdultsMany: "{n, plural, one {# adulte} many {# d’adultes} other {# adultes}}",
  stayChildrenOne: "1 enfant",
  stayChildrenMany: "{n, plural, one {# enfant} many {# d’enfants} other {# enfants}}",
  stayInvalidDate: "Veuillez saisir des dates valides (par exemple 2026-06-01).",
  stayMissingDate: "Veuillez choisir une date d’arrivée et une date de départ.",
  stayCheckOutBeforeCheckIn: "Le départ doit être après l’arrivée.",
  stayPastDate: "L’arrivée ne peut pas être dans le passé.",
  stayTooLong: "Un séjour ne peut pas dépasser {max, plural, one {# nuit} many {# de nuits} other {# nuits}}.",
  stayInvalidRooms: "Les chambres et voyageurs sont illisibles : veuillez les choisir à nouveau.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 nuit",
  stayNightsMany: "{n, plural, one {# nuit} many {# de nuits} other {# nuits}}",
  handoffCta: "Voir les tarifs sur {site}",
  handoffNote: "Ouvre {site} avec ces dates et voyageurs, prix en {currency}.",
  handoffNoDates: "Aucune date choisie : {site} vous les demandera.",
  stayHintHandoff:
    "Choisissez vos dates et voyageurs, puis voyez les tarifs sur {site} depuis la page de chaque hôtel.",
  stayHintNoHandoff:
    "Informations sur les hôtels uniquement : ce site n’affiche aucun prix et ne prend aucune réservation. Vos dates et voyageurs sont conservés pendant la navigation.",
  currencyHintConverted:
    "Devise ({currency}) : les frais indiqués dans une autre devise sont convertis approximativement.",
  currencyHintLinks:
    "Devise ({currency}) : utilisée dans les liens vers les résultats de recherche et les lieux à proximité.",
  approxAmount: "≈ {amount} (env.)",
  ratesNote: "Conversions approximatives au taux de référence de l’euro du {date}.",
  signedOut: "Vous êtes déconnecté.",
  // phone-first pages, the range calendar, results
  menuLabel: "Langue et devise",
  searchEdit: "Modifier",
  stayAddDates: "Ajouter des dates",
  stayCalendar: "Choisir les dates dans un calendrier",
  stayPreviousMonth: "Mois précédent",
  stayNextMonth: "Mois suivant",
  stayChooseCheckIn: "Choisissez votre date d’arrivée.",
  stayChooseCheckOut: "Choisissez maintenant votre date de départ.",
  stayClearDates: "Effacer les dates",
  sortPopular: "Popularité",
  filters: "Filtres",
  showMap: "Afficher la carte",
  hideMap: "Masquer la carte",
  pages: "Pages",
  pageNumber: "Page {n, number}",
};

const es: Catalog = {
  searchLabel: "Destino u hotel",
  searchPlaceholder: "¿Adónde vas?",
  searchButton: "Buscar",
  searchTitle: "Búsqueda",
  popular: "Destinos populares",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} many {# de hoteles} other {# hoteles}}",
  hotelsIn: "Hoteles en {place}",
  resultCount:
    "{total, number} de {inPlace, plural, one {# alojamiento} many {# de alojamientos} other {# alojamientos}}",
  noResults: "Ningún alojamiento coincide con estos filtros.",
  noHotelsYet: "Todavía no hay hoteles publicados.",
  noPlace: "Ningún destino coincide con «{q}».",
  choosePlace: "Busca una ciudad, una región, un lugar de interés o un aeropuerto.",
  clearFilters: "Quitar filtros",
  sortBy: "Ordenar por",
  sortDistance: "Distancia al centro",
  sortName: "Nombre",
  propertyType: "Tipo de alojamiento",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Apartamento}
    guesthouse {Casa de huéspedes}
    hostel {Albergue}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Alojamiento y desayuno}
    aparthotel {Aparthotel}
    motel {Motel}
    vacation_home {Casa vacacional}
    inn {Posada}
    lodge {Lodge}
    cottage {Casa rural}
    chalet {Chalé}
    condo {Apartamento en condominio}
    cabin {Cabaña}
    campsite {Camping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Cualquiera",
  petFriendly: "Admite mascotas",
  vacationRental: "Alquiler vacacional",
  apply: "Aplicar",
  previous: "Anterior",
  next: "Siguiente",
  pageOf: "Página {page, number} de {pages, number}",
  kmFromCentre: "A {km, number, ::.#} km del centro",
  language: "Idioma",
  currency: "Moneda",
  nearby: "Lugares cercanos",
  nearbyLoading: "Cargando lugares cercanos…",
  nearbyError: "No se pudieron cargar los lugares cercanos.",
  nearbyEmpty: "No hay lugares con hoteles cerca.",
  placeCategory: `{type, select,
    country {País}
    adminDivision {Región}
    city {Ciudad}
    townVillage {Localidad}
    subCity {Barrio}
    landmark {Lugar de interés}
    touristRegion {Región turística}
    airport {Aeropuerto}
    other {{label}}
  }`,
  checkIn: "Entrada",
  checkOut: "Salida",
  from: "a partir de {time}",
  until: "hasta {time}",
  allDay: "Entrada las 24 horas",
  minAge: "Edad mínima",
  maxAge: "Edad máxima",
  keyCollection: "Recogida de llaves",
  policies: "Normas",
  healthAndSafety: "Salud y seguridad",
  payment: "Pago",
  languagesSpoken: "Idiomas que se hablan",
  legal: "Información legal",
  vacationRentalDetails: "Detalles del alquiler vacacional",
  about: "Sobre el alojamiento",
  location: "Ubicación",
  yes: "Sí",
  no: "No",
  notFound: "Página no encontrada",
  notFoundText: "Esta página no existe en este sitio.",
  home: "Inicio",
  hotelsMatching: "Hoteles que coinciden con «{q}»",
  instructions: "Instrucciones",
  specialInstructions: "Instrucciones especiales",
  checkOutPolicy: "Normas de salida",
  keyLocation: "Dónde están las llaves",
  howToCollect: "Cómo recogerlas",
  alternativeKeyLocation: "Otro lugar de recogida de llaves",
  knowBeforeYouGo: "Antes de llegar",
  nationalityRestrictions: "Restricciones por nacionalidad",
  enhanced_cleaning_practices: "Medidas de limpieza reforzadas",
  cleaned_with_disinfectant: "Limpieza con desinfectante",
  self_check_in_and_check_out: "Entrada y salida por cuenta propia",
  gap_between_stays: "Intervalo entre estancias",
  acceptedCards: "Tarjetas aceptadas",
  cardType: `{type, select,
    credit {crédito}
    debit {débito}
    other {{label}}
  }`,
  mandatoryFees: "Cargos obligatorios",
  optionalFees: "Cargos opcionales",
  deposit: "Depósito",
  onsitePayments: "Pagos en el alojamiento",
  paymentType: `{type, select,
    cash {Efectivo}
    debit_cards {Tarjetas de débito}
    credit_cards {Tarjetas de crédito}
    bank_transfer {Transferencia bancaria}
    other {{label}}
  }`,
  paymentCurrency: "Moneda de pago",
  registrationRecommended: "Se recomienda registrar el método de pago",
  creditCardRequired: "Se requiere tarjeta de crédito",
  domesticWithoutCard: "Reservas nacionales sin datos de tarjeta",
  license: "Licencia",
  registryNumber: "Número de registro",
  taxId: "Número de identificación fiscal",
  bedrooms: "Dormitorios",
  bathrooms: "Baños",
  beds: "Camas",
  bedType: `{type, select,
    double_bed {Cama doble}
    queen_bed {Cama queen}
    king_bed {Cama king}
    twin_beds {Dos camas individuales}
    single_bed {Cama individual}
    sofa_bed {Sofá cama}
    bunk_bed {Litera}
    other {{label}}
  }`,
  houseRules: "Normas de la casa",
  children: "Niños",
  parties: "Fiestas y eventos",
  pets: "Mascotas",
  smoking: "Fumar",
  allowed: "Permitido",
  notAllowed: "No permitido",
  maxOccupancy: "Capacidad máxima",
  propertySize: "Superficie",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Gestionado por",
  coordinates: "Coordenadas",
  viewMap: "Ver en un mapa",
  lastUpdated: "Última actualización",
  otherIds: "Identificadores en otros proveedores",
  defaultLanguage: "Idioma principal",
  facts: "De un vistazo",
  groupedTerm: "{group}: {term}",
  overall: "Descripción general",
  headline: "Titular",
  business_amenities: "Servicios para empresas",
  rooms: "Habitaciones",
  attractions: "Lugares de interés",
  amenities: "Servicios",
  dining: "Restauración",
  renovations: "Reformas",
  national_ratings: "Clasificación oficial",
  photos: "Fotos",
  photoCategory: `{type, select,
    exterior {Exterior}
    lobby {Vestíbulo}
    guestroom {Habitación}
    bathroom {Baño}
    pool {Piscina}
    restaurant {Restaurante}
    bar {Bar}
    breakfast_area {Zona de desayuno}
    fitness {Gimnasio}
    spa {Spa}
    beach {Playa}
    view {Vistas}
    garden {Jardín}
    terrace {Terraza}
    kitchen {Cocina}
    living_area {Sala de estar}
    other {{label}}
  }`,
  signIn: "Iniciar sesión",
  signOut: "Cerrar sesión",
  signedInAs: "Sesión iniciada: {name}",
  signInWith: "Iniciar sesión con {provider}",
  signInIntro: "Usa tu cuenta de {provider}. Si ya has iniciado sesión allí, no necesitas contraseña.",
  signInFailed: "No se completó el inicio de sesión con {provider}. Inténtalo de nuevo.",
  signInUnavailable: "El inicio de sesión no está disponible ahora. Inténtalo más tarde.",
  signInNotOffered: "Este sitio no ofrece inicio de sesión.",
  // seo and gallery
  galleryDialog: "Visor de fotos",
  galleryClose: "Cerrar",
  galleryPrevious: "Foto anterior",
  galleryNext: "Foto siguiente",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Mapa",
  mapOfResults: "Mapa de los hoteles en {place}",
  mapOfHotel: "Mapa de {name} y lugares cercanos",
  mapThisHotel: "{name} (este alojamiento)",
  mapBaseCredit: "Mapa base",
  mapTilesCredit: "Teselas del mapa",
  placeDataCredit: "Datos de lugares: {geonames} (CC BY 4.0) y {ourairports} (dominio público).",
  // dates and guests
  stayCheckIn: "Entrada",
  stayCheckOut: "Salida",
  stayGuests: "Habitaciones y huéspedes",
  stayRoom: "Habitación {n}",
  stayAdults: "Adultos",
  stayChildren: "Niños",
  stayChildAge: "Edad del niño {n}",
  stayAddRoom: "Añadir una habitación",
  stayRemoveRoom: "Quitar la habitación {n}",
  stayDone: "Listo",
  stayUpdate: "Actualizar",
  stayYourStay: "Tu estancia",
  stayRoomsOne: "1 habitación",
  stayRoomsMany: "{n, plural, one {# habitación} many {# de habitaciones} other {# habitaciones}}",
  stayAdultsOne: "1 adulto",
  stayAdultsMany: "{n, plural, one {# adulto} many {# de adultos} other {# adultos}}",
  stayChildrenOne: "1 niño",
  stayChildrenMany: "{n, plural, one {# niño} many {# de niños} other {# niños}}",
  stayInvalidDate: "Introduce fechas válidas (por ejemplo 2026-06-01).",
  stayMissingDate: "Elige una fecha de entrada y una de salida.",
  stayCheckOutBeforeCheckIn: "La salida debe ser posterior a la entrada.",
  stayPastDate: "La entrada no puede ser en el pasado.",
  stayTooLong: "Una estancia puede durar como máximo {max, plural, one {# noche} many {# de noches} other {# noches}}.",
  stayInvalidRooms: "No se pudieron leer las habitaciones y huéspedes: elígelos de nuevo.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 noche",
  stayNightsMany: "{n, plural, one {# noche} many {# de noches} other {# noches}}",
  handoffCta: "Ver precios en {site}",
  handoffNote: "Abre {site} con estas fechas y huéspedes, precios en {currency}.",
  handoffNoDates: "Aún no has elegido fechas: {site} te las pedirá.",
  stayHintHandoff:
    "Elige fechas y huéspedes y luego consulta los precios en {site} desde la página de cualquier hotel.",
  stayHintNoHandoff:
    "Solo información de hoteles: este sitio no muestra precios ni acepta reservas. Tus fechas y huéspedes se conservan mientras navegas.",
  currencyHintConverted: "Moneda ({currency}): los cargos en otra moneda se muestran con una conversión aproximada.",
  currencyHintLinks: "Moneda ({currency}): se usa en los enlaces a resultados de búsqueda y lugares cercanos.",
  approxAmount: "≈ {amount} (aprox.)",
  ratesNote: "Conversiones aproximadas con los tipos de referencia del euro del {date}.",
  signedOut: "Has cerrado sesión.",
  // phone-first pages, the range calendar, results
  menuLabel: "Idioma y moneda",
  searchEdit: "Editar",
  stayAddDates: "Añadir fechas",
  stayCalendar: "Elegir las fechas en un calendario",
  stayPreviousMonth: "Mes anterior",
  stayNextMonth: "Mes siguiente",
  stayChooseCheckIn: "Elige la fecha de entrada.",
  stayChooseCheckOut: "Ahora elige la fecha de salida.",
  stayClearDates: "Borrar fechas",
  sortPopular: "Popularidad",
  filters: "Filtros",
  showMap: "Mostrar mapa",
  hideMap: "Ocultar mapa",
  pages: "Páginas",
  pageNumber: "Página {n, number}",
};

const it: Catalog = {
  searchLabel: "Destinazione o hotel",
  searchPlaceholder: "Dove vuoi andare?",
  searchButton: "Cerca",
  searchTitle: "Ricerca",
  popular: "Destinazioni popolari",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} many {# di hotel} other {# hotel}}",
  hotelsIn: "Hotel: {place}",
  resultCount: "{total, number} di {inPlace, plural, one {# struttura} many {# di strutture} other {# strutture}}",
  noResults: "Nessuna struttura corrisponde a questi filtri.",
  noHotelsYet: "Non ci sono ancora hotel pubblicati.",
  noPlace: "Nessuna destinazione corrisponde a «{q}».",
  choosePlace: "Cerca una città, una regione, un luogo d’interesse o un aeroporto.",
  clearFilters: "Rimuovi filtri",
  sortBy: "Ordina per",
  sortDistance: "Distanza dal centro",
  sortName: "Nome",
  propertyType: "Tipo di struttura",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Appartamento}
    guesthouse {Pensione}
    hostel {Ostello}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & breakfast}
    aparthotel {Residence}
    motel {Motel}
    vacation_home {Casa vacanze}
    inn {Locanda}
    lodge {Lodge}
    cottage {Cottage}
    chalet {Chalet}
    condo {Appartamento in residence}
    cabin {Baita}
    campsite {Campeggio}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Tutti",
  petFriendly: "Animali ammessi",
  vacationRental: "Casa vacanze",
  apply: "Applica",
  previous: "Precedente",
  next: "Successiva",
  pageOf: "Pagina {page, number} di {pages, number}",
  kmFromCentre: "A {km, number, ::.#} km dal centro",
  language: "Lingua",
  currency: "Valuta",
  nearby: "Luoghi vicini",
  nearbyLoading: "Caricamento dei luoghi vicini…",
  nearbyError: "Impossibile caricare i luoghi vicini.",
  nearbyEmpty: "Nessun luogo con hotel nelle vicinanze.",
  placeCategory: `{type, select,
    country {Paese}
    adminDivision {Regione}
    city {Città}
    townVillage {Località}
    subCity {Quartiere}
    landmark {Luogo d’interesse}
    touristRegion {Zona turistica}
    airport {Aeroporto}
    other {{label}}
  }`,
  checkIn: "Check-in",
  checkOut: "Check-out",
  from: "dalle {time}",
  until: "fino alle {time}",
  allDay: "Check-in 24 ore su 24",
  minAge: "Età minima",
  maxAge: "Età massima",
  keyCollection: "Ritiro delle chiavi",
  policies: "Regolamento",
  healthAndSafety: "Salute e sicurezza",
  payment: "Pagamento",
  languagesSpoken: "Lingue parlate",
  legal: "Note legali",
  vacationRentalDetails: "Dettagli della casa vacanze",
  about: "La struttura",
  location: "Posizione",
  yes: "Sì",
  no: "No",
  notFound: "Pagina non trovata",
  notFoundText: "Questa pagina non esiste su questo sito.",
  home: "Pagina iniziale",
  hotelsMatching: "Hotel corrispondenti a «{q}»",
  instructions: "Istruzioni",
  specialInstructions: "Istruzioni particolari",
  checkOutPolicy: "Regole per il check-out",
  keyLocation: "Dove sono le chiavi",
  howToCollect: "Come ritirarle",
  alternativeKeyLocation: "Luogo alternativo per le chiavi",
  knowBeforeYouGo: "Da sapere prima di partire",
  nationalityRestrictions: "Restrizioni in base alla nazionalità",
  enhanced_cleaning_practices: "Pulizia rafforzata",
  cleaned_with_disinfectant: "Pulizia con disinfettante",
  self_check_in_and_check_out: "Check-in e check-out in autonomia",
  gap_between_stays: "Intervallo tra un soggiorno e l’altro",
  acceptedCards: "Carte accettate",
  cardType: `{type, select,
    credit {credito}
    debit {debito}
    other {{label}}
  }`,
  mandatoryFees: "Costi obbligatori",
  optionalFees: "Costi facoltativi",
  deposit: "Deposito cauzionale",
  onsitePayments: "Pagamenti in struttura",
  paymentType: `{type, select,
    cash {Contanti}
    debit_cards {Carte di debito}
    credit_cards {Carte di credito}
    bank_transfer {Bonifico bancario}
    other {{label}}
  }`,
  paymentCurrency: "Valuta di pagamento",
  registrationRecommended: "Registrazione del metodo di pagamento consigliata",
  creditCardRequired: "Carta di credito obbligatoria",
  domesticWithoutCard: "Prenotazioni nazionali senza dati della carta",
  license: "Licenza",
  registryNumber: "Numero di registrazione",
  taxId: "Codice fiscale",
  bedrooms: "Camere da letto",
  bathrooms: "Bagni",
  beds: "Letti",
  bedType: `{type, select,
    double_bed {Letto matrimoniale}
    queen_bed {Letto queen size}
    king_bed {Letto king size}
    twin_beds {Due letti singoli}
    single_bed {Letto singolo}
    sofa_bed {Divano letto}
    bunk_bed {Letto a castello}
    other {{label}}
  }`,
  houseRules: "Regole della casa",
  children: "Bambini",
  parties: "Feste ed eventi",
  pets: "Animali",
  smoking: "Fumo",
  allowed: "Consentito",
  notAllowed: "Non consentito",
  maxOccupancy: "Numero massimo di ospiti",
  propertySize: "Superficie",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Gestito da",
  coordinates: "Coordinate",
  viewMap: "Vedi sulla mappa",
  lastUpdated: "Ultimo aggiornamento",
  otherIds: "Codici presso altri fornitori",
  defaultLanguage: "Lingua principale",
  facts: "In breve",
  groupedTerm: "{group}: {term}",
  overall: "Panoramica",
  headline: "In evidenza",
  business_amenities: "Servizi per il business",
  rooms: "Camere",
  attractions: "Attrazioni",
  amenities: "Servizi",
  dining: "Ristorazione",
  renovations: "Ristrutturazioni",
  national_ratings: "Classificazione ufficiale",
  photos: "Foto",
  photoCategory: `{type, select,
    exterior {Esterno}
    lobby {Hall}
    guestroom {Camera}
    bathroom {Bagno}
    pool {Piscina}
    restaurant {Ristorante}
    bar {Bar}
    breakfast_area {Sala colazione}
    fitness {Palestra}
    spa {Spa}
    beach {Spiaggia}
    view {Vista}
    garden {Giardino}
    terrace {Terrazza}
    kitchen {Cucina}
    living_area {Soggiorno}
    other {{label}}
  }`,
  signIn: "Accedi",
  signOut: "Esci",
  signedInAs: "Accesso eseguito: {name}",
  signInWith: "Accedi con {provider}",
  signInIntro: "Usa il tuo account {provider}. Se hai già effettuato l’accesso lì, non serve la password.",
  signInFailed: "L’accesso con {provider} non è stato completato. Riprova.",
  signInUnavailable: "L’accesso non è disponibile al momento. Riprova più tardi.",
  signInNotOffered: "Questo sito non prevede l’accesso.",
  // seo and gallery
  galleryDialog: "Visualizzatore di foto",
  galleryClose: "Chiudi",
  galleryPrevious: "Foto precedente",
  galleryNext: "Foto successiva",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Mappa",
  mapOfResults: "Mappa degli hotel: {place}",
  mapOfHotel: "Mappa di {name} e dei luoghi vicini",
  mapThisHotel: "{name} (questa struttura)",
  mapBaseCredit: "Mappa di base",
  mapTilesCredit: "Tessere della mappa",
  placeDataCredit: "Dati sui luoghi: {geonames} (CC BY 4.0) e {ourairports} (pubblico dominio).",
  // dates and guests
  stayCheckIn: "Arrivo",
  stayCheckOut: "Partenza",
  stayGuests: "Camere e ospiti",
  stayRoom: "Camera {n}",
  stayAdults: "Adulti",
  stayChildren: "Bambini",
  stayChildAge: "Età del bambino {n}",
  stayAddRoom: "Aggiungi una camera",
  stayRemoveRoom: "Rimuovi la camera {n}",
  stayDone: "Fatto",
  stayUpdate: "Aggiorna",
  stayYourStay: "Il tuo soggiorno",
  stayRoomsOne: "1 camera",
  stayRoomsMany: "{n, plural, one {# camera} many {# di camere} other {# camere}}",
  stayAdultsOne: "1 adulto",
  stayAdultsMany: "{n, plural, one {# adulto} many {# di adulti} other {# adulti}}",
  stayChildrenOne: "1 bambino",
  stayChildrenMany: "{n, plural, one {# bambino} many {# di bambini} other {# bambini}}",
  stayInvalidDate: "Inserisci date valide (per esempio 2026-06-01).",
  stayMissingDate: "Scegli una data di arrivo e una di partenza.",
  stayCheckOutBeforeCheckIn: "La partenza deve essere dopo l’arrivo.",
  stayPastDate: "L’arrivo non può essere nel passato.",
  stayTooLong: "Un soggiorno può durare al massimo {max, plural, one {# notte} many {# di notti} other {# notti}}.",
  stayInvalidRooms: "Camere e ospiti non leggibili: sceglili di nuovo.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 notte",
  stayNightsMany: "{n, plural, one {# notte} many {# di notti} other {# notti}}",
  handoffCta: "Vedi le tariffe su {site}",
  handoffNote: "Apre {site} con queste date e questi ospiti, prezzi in {currency}.",
  handoffNoDates: "Nessuna data scelta: te le chiederà {site}.",
  stayHintHandoff: "Scegli date e ospiti, poi vedi le tariffe su {site} dalla pagina di ogni hotel.",
  stayHintNoHandoff:
    "Solo informazioni sugli hotel: questo sito non mostra prezzi e non accetta prenotazioni. Date e ospiti restano impostati mentre navighi.",
  currencyHintConverted:
    "Valuta ({currency}): i costi indicati in un’altra valuta hanno una conversione approssimativa.",
  currencyHintLinks: "Valuta ({currency}): usata nei link ai risultati di ricerca e ai luoghi vicini.",
  approxAmount: "≈ {amount} (circa)",
  ratesNote: "Conversioni approssimative ai tassi di riferimento dell’euro del {date}.",
  signedOut: "Sei uscito.",
  // phone-first pages, the range calendar, results
  menuLabel: "Lingua e valuta",
  searchEdit: "Modifica",
  stayAddDates: "Aggiungi date",
  stayCalendar: "Scegli le date su un calendario",
  stayPreviousMonth: "Mese precedente",
  stayNextMonth: "Mese successivo",
  stayChooseCheckIn: "Scegli la data di arrivo.",
  stayChooseCheckOut: "Ora scegli la data di partenza.",
  stayClearDates: "Cancella le date",
  sortPopular: "Popolarità",
  filters: "Filtri",
  showMap: "Mostra la mappa",
  hideMap: "Nascondi la mappa",
  pages: "Pagine",
  pageNumber: "Pagina {n, number}",
};

const nl: Catalog = {
  searchLabel: "Bestemming of hotel",
  searchPlaceholder: "Waar ga je naartoe?",
  searchButton: "Zoeken",
  searchTitle: "Zoeken",
  popular: "Populaire bestemmingen",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} other {# hotels}}",
  hotelsIn: "Hotels in {place}",
  resultCount: "{total, number} van {inPlace, plural, one {# accommodatie} other {# accommodaties}}",
  noResults: "Geen accommodaties met deze filters.",
  noHotelsYet: "Er zijn nog geen hotels gepubliceerd.",
  noPlace: "Geen bestemming gevonden voor ‘{q}’.",
  choosePlace: "Zoek een stad, regio, bezienswaardigheid of luchthaven.",
  clearFilters: "Filters wissen",
  sortBy: "Sorteren op",
  sortDistance: "Afstand tot het centrum",
  sortName: "Naam",
  propertyType: "Type accommodatie",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Appartement}
    guesthouse {Pension}
    hostel {Hostel}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & breakfast}
    aparthotel {Aparthotel}
    motel {Motel}
    vacation_home {Vakantiehuis}
    inn {Herberg}
    lodge {Lodge}
    cottage {Cottage}
    chalet {Chalet}
    condo {Appartement in complex}
    cabin {Blokhut}
    campsite {Camping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Alle",
  petFriendly: "Huisdieren toegestaan",
  vacationRental: "Vakantiewoning",
  apply: "Toepassen",
  previous: "Vorige",
  next: "Volgende",
  pageOf: "Pagina {page, number} van {pages, number}",
  kmFromCentre: "{km, number, ::.#} km van het centrum",
  language: "Taal",
  currency: "Valuta",
  nearby: "In de buurt",
  nearbyLoading: "Plaatsen in de buurt laden…",
  nearbyError: "Plaatsen in de buurt konden niet worden geladen.",
  nearbyEmpty: "Geen plaatsen met hotels in de buurt.",
  placeCategory: `{type, select,
    country {Land}
    adminDivision {Regio}
    city {Stad}
    townVillage {Plaats}
    subCity {Wijk}
    landmark {Bezienswaardigheid}
    touristRegion {Toeristische regio}
    airport {Luchthaven}
    other {{label}}
  }`,
  checkIn: "Inchecken",
  checkOut: "Uitchecken",
  from: "vanaf {time}",
  until: "tot {time}",
  allDay: "24 uur per dag inchecken",
  minAge: "Minimumleeftijd",
  maxAge: "Maximumleeftijd",
  keyCollection: "Sleutels ophalen",
  policies: "Voorwaarden",
  healthAndSafety: "Gezondheid en veiligheid",
  payment: "Betaling",
  languagesSpoken: "Gesproken talen",
  legal: "Juridisch",
  vacationRentalDetails: "Details van de vakantiewoning",
  about: "Over de accommodatie",
  location: "Ligging",
  yes: "Ja",
  no: "Nee",
  notFound: "Pagina niet gevonden",
  notFoundText: "Deze pagina bestaat niet op deze site.",
  home: "Startpagina",
  hotelsMatching: "Hotels voor ‘{q}’",
  instructions: "Instructies",
  specialInstructions: "Speciale instructies",
  checkOutPolicy: "Regels voor uitchecken",
  keyLocation: "Waar de sleutels zijn",
  howToCollect: "Zo haal je ze op",
  alternativeKeyLocation: "Andere plek voor de sleutels",
  knowBeforeYouGo: "Goed om te weten",
  nationalityRestrictions: "Beperkingen op basis van nationaliteit",
  enhanced_cleaning_practices: "Extra schoonmaakmaatregelen",
  cleaned_with_disinfectant: "Gereinigd met desinfectiemiddel",
  self_check_in_and_check_out: "Zelf in- en uitchecken",
  gap_between_stays: "Tijd tussen twee verblijven",
  acceptedCards: "Geaccepteerde kaarten",
  cardType: `{type, select,
    credit {creditcard}
    debit {debetkaart}
    other {{label}}
  }`,
  mandatoryFees: "Verplichte kosten",
  optionalFees: "Optionele kosten",
  deposit: "Borg",
  onsitePayments: "Betalen in de accommodatie",
  paymentType: `{type, select,
    cash {Contant}
    debit_cards {Debetkaarten}
    credit_cards {Creditcards}
    bank_transfer {Bankoverschrijving}
    other {{label}}
  }`,
  paymentCurrency: "Betaalvaluta",
  registrationRecommended: "Betaalgegevens vooraf registreren aanbevolen",
  creditCardRequired: "Creditcard vereist",
  domesticWithoutCard: "Binnenlandse boekingen zonder kaartgegevens",
  license: "Vergunning",
  registryNumber: "Registratienummer",
  taxId: "Btw-nummer",
  bedrooms: "Slaapkamers",
  bathrooms: "Badkamers",
  beds: "Bedden",
  bedType: `{type, select,
    double_bed {Tweepersoonsbed}
    queen_bed {Queensize bed}
    king_bed {Kingsize bed}
    twin_beds {Twee eenpersoonsbedden}
    single_bed {Eenpersoonsbed}
    sofa_bed {Slaapbank}
    bunk_bed {Stapelbed}
    other {{label}}
  }`,
  houseRules: "Huisregels",
  children: "Kinderen",
  parties: "Feesten en evenementen",
  pets: "Huisdieren",
  smoking: "Roken",
  allowed: "Toegestaan",
  notAllowed: "Niet toegestaan",
  maxOccupancy: "Maximaal aantal gasten",
  propertySize: "Oppervlakte",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Beheerd door",
  coordinates: "Coördinaten",
  viewMap: "Bekijk op de kaart",
  lastUpdated: "Laatst bijgewerkt",
  otherIds: "ID’s bij andere aanbieders",
  defaultLanguage: "Hoofdtaal",
  facts: "In het kort",
  groupedTerm: "{group}: {term}",
  overall: "Overzicht",
  headline: "Samenvatting",
  business_amenities: "Zakelijke voorzieningen",
  rooms: "Kamers",
  attractions: "Bezienswaardigheden",
  amenities: "Voorzieningen",
  dining: "Eten en drinken",
  renovations: "Renovaties",
  national_ratings: "Officiële classificatie",
  photos: "Foto’s",
  photoCategory: `{type, select,
    exterior {Buitenkant}
    lobby {Lobby}
    guestroom {Kamer}
    bathroom {Badkamer}
    pool {Zwembad}
    restaurant {Restaurant}
    bar {Bar}
    breakfast_area {Ontbijtruimte}
    fitness {Fitnessruimte}
    spa {Spa}
    beach {Strand}
    view {Uitzicht}
    garden {Tuin}
    terrace {Terras}
    kitchen {Keuken}
    living_area {Woonruimte}
    other {{label}}
  }`,
  signIn: "Inloggen",
  signOut: "Uitloggen",
  signedInAs: "Ingelogd als {name}",
  signInWith: "Inloggen met {provider}",
  signInIntro: "Gebruik je {provider}-account. Ben je daar al ingelogd, dan heb je geen wachtwoord nodig.",
  signInFailed: "Inloggen met {provider} is niet gelukt. Probeer het opnieuw.",
  signInUnavailable: "Inloggen is nu niet mogelijk. Probeer het later opnieuw.",
  signInNotOffered: "Op deze site kun je niet inloggen.",
  // seo and gallery
  galleryDialog: "Fotoviewer",
  galleryClose: "Sluiten",
  galleryPrevious: "Vorige foto",
  galleryNext: "Volgende foto",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Kaart",
  mapOfResults: "Kaart van de hotels in {place}",
  mapOfHotel: "Kaart van {name} en plaatsen in de buurt",
  mapThisHotel: "{name} (deze accommodatie)",
  mapBaseCredit: "Basiskaart",
  mapTilesCredit: "Kaarttegels",
  placeDataCredit: "Plaatsgegevens: {geonames} (CC BY 4.0) en {ourairports} (publiek domein).",
  // dates and guests
  stayCheckIn: "Inchecken",
  stayCheckOut: "Uitchecken",
  stayGuests: "Kamers en gasten",
  stayRoom: "Kamer {n}",
  stayAdults: "Volwassenen",
  stayChildren: "Kinderen",
  stayChildAge: "Leeftijd van kind {n}",
  stayAddRoom: "Kamer toevoegen",
  stayRemoveRoom: "Kamer {n} verwijderen",
  stayDone: "Klaar",
  stayUpdate: "Bijwerken",
  stayYourStay: "Je verblijf",
  stayRoomsOne: "1 kamer",
  stayRoomsMany: "{n, plural, one {# kamer} other {# kamers}}",
  stayAdultsOne: "1 volwassene",
  stayAdultsMany: "{n, plural, one {# volwassene} other {# volwassenen}}",
  stayChildrenOne: "1 kind",
  stayChildrenMany: "{n, plural, one {# kind} other {# kinderen}}",
  stayInvalidDate: "Vul geldige datums in (bijvoorbeeld 2026-06-01).",
  stayMissingDate: "Kies een incheck- en een uitcheckdatum.",
  stayCheckOutBeforeCheckIn: "Uitchecken moet na inchecken zijn.",
  stayPastDate: "Inchecken kan niet in het verleden liggen.",
  stayTooLong: "Een verblijf duurt hoogstens {max, plural, one {# nacht} other {# nachten}}.",
  stayInvalidRooms: "De kamers en gasten konden niet worden gelezen: kies ze opnieuw.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 nacht",
  stayNightsMany: "{n, plural, one {# nacht} other {# nachten}}",
  handoffCta: "Bekijk prijzen bij {site}",
  handoffNote: "Opent {site} met deze data en gasten, prijzen in {currency}.",
  handoffNoDates: "Nog geen data gekozen: {site} vraagt erom.",
  stayHintHandoff: "Kies data en gasten en bekijk dan op de pagina van elk hotel de prijzen bij {site}.",
  stayHintNoHandoff:
    "Alleen hotelinformatie: deze site toont geen prijzen en neemt geen boekingen aan. Je data en gasten blijven bewaard terwijl je verder kijkt.",
  currencyHintConverted: "Valuta ({currency}): kosten in een andere valuta worden bij benadering omgerekend.",
  currencyHintLinks: "Valuta ({currency}): gebruikt in de links naar zoekresultaten en plaatsen in de buurt.",
  approxAmount: "≈ {amount} (ong.)",
  ratesNote: "Omrekening bij benadering met de referentiekoersen van de euro van {date}.",
  signedOut: "Je bent uitgelogd.",
  // phone-first pages, the range calendar, results
  menuLabel: "Taal en valuta",
  searchEdit: "Wijzigen",
  stayAddDates: "Data toevoegen",
  stayCalendar: "Data kiezen in een kalender",
  stayPreviousMonth: "Vorige maand",
  stayNextMonth: "Volgende maand",
  stayChooseCheckIn: "Kies je aankomstdatum.",
  stayChooseCheckOut: "Kies nu je vertrekdatum.",
  stayClearDates: "Data wissen",
  sortPopular: "Populariteit",
  filters: "Filters",
  showMap: "Kaart tonen",
  hideMap: "Kaart verbergen",
  pages: "Pagina’s",
  pageNumber: "Pagina {n, number}",
};

const pt: Catalog = {
  searchLabel: "Destino ou hotel",
  searchPlaceholder: "Para onde você vai?",
  searchButton: "Pesquisar",
  searchTitle: "Pesquisa",
  popular: "Destinos populares",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} many {# de hotéis} other {# hotéis}}",
  hotelsIn: "Hotéis em {place}",
  resultCount: "{total, number} de {inPlace, plural, one {# acomodação} many {# de acomodações} other {# acomodações}}",
  noResults: "Nenhuma acomodação corresponde a estes filtros.",
  noHotelsYet: "Ainda não há hotéis publicados.",
  noPlace: "Nenhum destino corresponde a “{q}”.",
  choosePlace: "Pesquise uma cidade, região, ponto turístico ou aeroporto.",
  clearFilters: "Limpar filtros",
  sortBy: "Ordenar por",
  sortDistance: "Distância do centro",
  sortName: "Nome",
  propertyType: "Tipo de acomodação",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Apartamento}
    guesthouse {Pousada}
    hostel {Albergue}
    resort {Resort}
    villa {Vila}
    bed_breakfast {Cama e café}
    aparthotel {Apart-hotel}
    motel {Motel}
    vacation_home {Casa de temporada}
    inn {Estalagem}
    lodge {Lodge}
    cottage {Casa de campo}
    chalet {Chalé}
    condo {Apartamento em condomínio}
    cabin {Cabana}
    campsite {Camping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Qualquer",
  petFriendly: "Aceita animais",
  vacationRental: "Aluguel de temporada",
  apply: "Aplicar",
  previous: "Anterior",
  next: "Próxima",
  pageOf: "Página {page, number} de {pages, number}",
  kmFromCentre: "A {km, number, ::.#} km do centro",
  language: "Idioma",
  currency: "Moeda",
  nearby: "Lugares próximos",
  nearbyLoading: "Carregando lugares próximos…",
  nearbyError: "Não foi possível carregar os lugares próximos.",
  nearbyEmpty: "Nenhum lugar com hotéis por perto.",
  placeCategory: `{type, select,
    country {País}
    adminDivision {Região}
    city {Cidade}
    townVillage {Localidade}
    subCity {Bairro}
    landmark {Ponto turístico}
    touristRegion {Região turística}
    airport {Aeroporto}
    other {{label}}
  }`,
  checkIn: "Check-in",
  checkOut: "Check-out",
  from: "a partir de {time}",
  until: "até {time}",
  allDay: "Check-in 24 horas",
  minAge: "Idade mínima",
  maxAge: "Idade máxima",
  keyCollection: "Retirada das chaves",
  policies: "Políticas",
  healthAndSafety: "Saúde e segurança",
  payment: "Pagamento",
  languagesSpoken: "Idiomas falados",
  legal: "Informações legais",
  vacationRentalDetails: "Detalhes do aluguel de temporada",
  about: "Sobre a acomodação",
  location: "Localização",
  yes: "Sim",
  no: "Não",
  notFound: "Página não encontrada",
  notFoundText: "Esta página não existe neste site.",
  home: "Início",
  hotelsMatching: "Hotéis para “{q}”",
  instructions: "Instruções",
  specialInstructions: "Instruções especiais",
  checkOutPolicy: "Regras de check-out",
  keyLocation: "Onde estão as chaves",
  howToCollect: "Como retirá-las",
  alternativeKeyLocation: "Outro local para retirar as chaves",
  knowBeforeYouGo: "Antes de ir",
  nationalityRestrictions: "Restrições por nacionalidade",
  enhanced_cleaning_practices: "Limpeza reforçada",
  cleaned_with_disinfectant: "Limpeza com desinfetante",
  self_check_in_and_check_out: "Check-in e check-out sem recepção",
  gap_between_stays: "Intervalo entre estadias",
  acceptedCards: "Cartões aceitos",
  cardType: `{type, select,
    credit {crédito}
    debit {débito}
    other {{label}}
  }`,
  mandatoryFees: "Taxas obrigatórias",
  optionalFees: "Taxas opcionais",
  deposit: "Caução",
  onsitePayments: "Pagamentos na acomodação",
  paymentType: `{type, select,
    cash {Dinheiro}
    debit_cards {Cartões de débito}
    credit_cards {Cartões de crédito}
    bank_transfer {Transferência bancária}
    other {{label}}
  }`,
  paymentCurrency: "Moeda de pagamento",
  registrationRecommended: "Recomenda-se cadastrar a forma de pagamento",
  creditCardRequired: "Cartão de crédito obrigatório",
  domesticWithoutCard: "Reservas nacionais sem dados do cartão",
  license: "Licença",
  registryNumber: "Número de registro",
  taxId: "Número de identificação fiscal",
  bedrooms: "Quartos",
  bathrooms: "Banheiros",
  beds: "Camas",
  bedType: `{type, select,
    double_bed {Cama de casal}
    queen_bed {Cama queen}
    king_bed {Cama king}
    twin_beds {Duas camas de solteiro}
    single_bed {Cama de solteiro}
    sofa_bed {Sofá-cama}
    bunk_bed {Beliche}
    other {{label}}
  }`,
  houseRules: "Regras da casa",
  children: "Crianças",
  parties: "Festas e eventos",
  pets: "Animais de estimação",
  smoking: "Fumar",
  allowed: "Permitido",
  notAllowed: "Não permitido",
  maxOccupancy: "Ocupação máxima",
  propertySize: "Área",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Administrado por",
  coordinates: "Coordenadas",
  viewMap: "Ver no mapa",
  lastUpdated: "Última atualização",
  otherIds: "Códigos em outros fornecedores",
  defaultLanguage: "Idioma principal",
  facts: "Resumo",
  groupedTerm: "{group}: {term}",
  overall: "Visão geral",
  headline: "Destaque",
  business_amenities: "Comodidades para negócios",
  rooms: "Quartos",
  attractions: "Atrações",
  amenities: "Comodidades",
  dining: "Gastronomia",
  renovations: "Reformas",
  national_ratings: "Classificação oficial",
  photos: "Fotos",
  photoCategory: `{type, select,
    exterior {Área externa}
    lobby {Saguão}
    guestroom {Quarto}
    bathroom {Banheiro}
    pool {Piscina}
    restaurant {Restaurante}
    bar {Bar}
    breakfast_area {Área do café da manhã}
    fitness {Academia}
    spa {Spa}
    beach {Praia}
    view {Vista}
    garden {Jardim}
    terrace {Terraço}
    kitchen {Cozinha}
    living_area {Sala de estar}
    other {{label}}
  }`,
  signIn: "Entrar",
  signOut: "Sair",
  signedInAs: "Conectado como {name}",
  signInWith: "Entrar com {provider}",
  signInIntro: "Use sua conta {provider}. Se você já estiver conectado lá, não precisa de senha.",
  signInFailed: "Não foi possível concluir o login com {provider}. Tente novamente.",
  signInUnavailable: "O login não está disponível no momento. Tente novamente mais tarde.",
  signInNotOffered: "Este site não oferece login.",
  // seo and gallery
  galleryDialog: "Visualizador de fotos",
  galleryClose: "Fechar",
  galleryPrevious: "Foto anterior",
  galleryNext: "Próxima foto",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Mapa",
  mapOfResults: "Mapa dos hotéis em {place}",
  mapOfHotel: "Mapa de {name} e lugares próximos",
  mapThisHotel: "{name} (esta acomodação)",
  mapBaseCredit: "Mapa base",
  mapTilesCredit: "Blocos do mapa",
  placeDataCredit: "Dados de lugares: {geonames} (CC BY 4.0) e {ourairports} (domínio público).",
  // dates and guests
  stayCheckIn: "Check-in",
  stayCheckOut: "Check-out",
  stayGuests: "Quartos e hóspedes",
  stayRoom: "Quarto {n}",
  stayAdults: "Adultos",
  stayChildren: "Crianças",
  stayChildAge: "Idade da criança {n}",
  stayAddRoom: "Adicionar um quarto",
  stayRemoveRoom: "Remover o quarto {n}",
  stayDone: "Concluído",
  stayUpdate: "Atualizar",
  stayYourStay: "Sua estadia",
  stayRoomsOne: "1 quarto",
  stayRoomsMany: "{n, plural, one {# quarto} many {# de quartos} other {# quartos}}",
  stayAdultsOne: "1 adulto",
  stayAdultsMany: "{n, plural, one {# adulto} many {# de adultos} other {# adultos}}",
  stayChildrenOne: "1 criança",
  stayChildrenMany: "{n, plural, one {# criança} many {# de crianças} other {# crianças}}",
  stayInvalidDate: "Informe datas válidas (por exemplo, 2026-06-01).",
  stayMissingDate: "Escolha uma data de check-in e uma de check-out.",
  stayCheckOutBeforeCheckIn: "O check-out deve ser depois do check-in.",
  stayPastDate: "O check-in não pode ser no passado.",
  stayTooLong: "Uma estadia pode ter no máximo {max, plural, one {# noite} many {# de noites} other {# noites}}.",
  stayInvalidRooms: "Não foi possível ler os quartos e hóspedes: escolha-os novamente.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 noite",
  stayNightsMany: "{n, plural, one {# noite} many {# de noites} other {# noites}}",
  handoffCta: "Ver preços em {site}",
  handoffNote: "Abre {site} com estas datas e hóspedes, preços em {currency}.",
  handoffNoDates: "Nenhuma data escolhida ainda: {site} vai pedir as datas.",
  stayHintHandoff: "Escolha as datas e os hóspedes e veja os preços em {site} na página de qualquer hotel.",
  stayHintNoHandoff:
    "Somente informações sobre hotéis: este site não mostra preços nem aceita reservas. Suas datas e hóspedes são mantidos enquanto você navega.",
  currencyHintConverted: "Moeda ({currency}): taxas informadas em outra moeda recebem uma conversão aproximada.",
  currencyHintLinks: "Moeda ({currency}): usada nos links para resultados de pesquisa e lugares próximos.",
  approxAmount: "≈ {amount} (aprox.)",
  ratesNote: "Conversões aproximadas com as taxas de referência do euro de {date}.",
  signedOut: "Você saiu da sua conta.",
  // phone-first pages, the range calendar, results
  menuLabel: "Idioma e moeda",
  searchEdit: "Editar",
  stayAddDates: "Adicionar datas",
  stayCalendar: "Escolher as datas em um calendário",
  stayPreviousMonth: "Mês anterior",
  stayNextMonth: "Próximo mês",
  stayChooseCheckIn: "Escolha a data de check-in.",
  stayChooseCheckOut: "Agora escolha a data de check-out.",
  stayClearDates: "Limpar datas",
  sortPopular: "Popularidade",
  filters: "Filtros",
  showMap: "Mostrar mapa",
  hideMap: "Ocultar mapa",
  pages: "Páginas",
  pageNumber: "Página {n, number}",
};

const pl: Catalog = {
  searchLabel: "Cel podróży lub hotel",
  searchPlaceholder: "Dokąd jedziesz?",
  searchButton: "Szukaj",
  searchTitle: "Wyszukiwanie",
  popular: "Popularne kierunki",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} few {# hotele} many {# hoteli} other {# hotelu}}",
  hotelsIn: "Hotele: {place}",
  resultCount:
    "{total, number} z {inPlace, plural, one {# obiektu} few {# obiektów} many {# obiektów} other {# obiektu}}",
  noResults: "Żaden obiekt nie pasuje do tych filtrów.",
  noHotelsYet: "Nie opublikowano jeszcze żadnych hoteli.",
  noPlace: "Żaden cel podróży nie pasuje do „{q}”.",
  choosePlace: "Wyszukaj miasto, region, atrakcję lub lotnisko.",
  clearFilters: "Wyczyść filtry",
  sortBy: "Sortuj według",
  sortDistance: "Odległość od centrum",
  sortName: "Nazwa",
  propertyType: "Rodzaj obiektu",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Apartament}
    guesthouse {Pensjonat}
    hostel {Hostel}
    resort {Ośrodek wypoczynkowy}
    villa {Willa}
    bed_breakfast {Pokoje ze śniadaniem}
    aparthotel {Aparthotel}
    motel {Motel}
    vacation_home {Dom wakacyjny}
    inn {Zajazd}
    lodge {Lodge}
    cottage {Domek letniskowy}
    chalet {Chata górska}
    condo {Apartament w kondominium}
    cabin {Chatka}
    campsite {Kemping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Dowolny",
  petFriendly: "Zwierzęta akceptowane",
  vacationRental: "Wynajem wakacyjny",
  apply: "Zastosuj",
  previous: "Poprzednia",
  next: "Następna",
  pageOf: "Strona {page, number} z {pages, number}",
  kmFromCentre: "{km, number, ::.#} km od centrum",
  language: "Język",
  currency: "Waluta",
  nearby: "W pobliżu",
  nearbyLoading: "Wczytywanie miejsc w pobliżu…",
  nearbyError: "Nie udało się wczytać miejsc w pobliżu.",
  nearbyEmpty: "Brak miejsc z hotelami w pobliżu.",
  placeCategory: `{type, select,
    country {Kraj}
    adminDivision {Region}
    city {Miasto}
    townVillage {Miejscowość}
    subCity {Dzielnica}
    landmark {Atrakcja}
    touristRegion {Region turystyczny}
    airport {Lotnisko}
    other {{label}}
  }`,
  checkIn: "Zameldowanie",
  checkOut: "Wymeldowanie",
  from: "od {time}",
  until: "do {time}",
  allDay: "Zameldowanie całodobowe",
  minAge: "Minimalny wiek",
  maxAge: "Maksymalny wiek",
  keyCollection: "Odbiór kluczy",
  policies: "Zasady",
  healthAndSafety: "Zdrowie i bezpieczeństwo",
  payment: "Płatność",
  languagesSpoken: "Używane języki",
  legal: "Informacje prawne",
  vacationRentalDetails: "Szczegóły wynajmu wakacyjnego",
  about: "O obiekcie",
  location: "Lokalizacja",
  yes: "Tak",
  no: "Nie",
  notFound: "Nie znaleziono strony",
  notFoundText: "Ta strona nie istnieje w tym serwisie.",
  home: "Strona główna",
  hotelsMatching: "Hotele pasujące do „{q}”",
  instructions: "Instrukcje",
  specialInstructions: "Instrukcje specjalne",
  checkOutPolicy: "Zasady wymeldowania",
  keyLocation: "Gdzie są klucze",
  howToCollect: "Jak je odebrać",
  alternativeKeyLocation: "Inne miejsce odbioru kluczy",
  knowBeforeYouGo: "Przed przyjazdem",
  nationalityRestrictions: "Ograniczenia dotyczące obywatelstwa",
  enhanced_cleaning_practices: "Wzmożone sprzątanie",
  cleaned_with_disinfectant: "Sprzątanie środkiem dezynfekującym",
  self_check_in_and_check_out: "Samodzielne zameldowanie i wymeldowanie",
  gap_between_stays: "Przerwa między pobytami",
  acceptedCards: "Akceptowane karty",
  cardType: `{type, select,
    credit {kredytowa}
    debit {debetowa}
    other {{label}}
  }`,
  mandatoryFees: "Opłaty obowiązkowe",
  optionalFees: "Opłaty dodatkowe",
  deposit: "Kaucja",
  onsitePayments: "Płatności na miejscu",
  paymentType: `{type, select,
    cash {Gotówka}
    debit_cards {Karty debetowe}
    credit_cards {Karty kredytowe}
    bank_transfer {Przelew bankowy}
    other {{label}}
  }`,
  paymentCurrency: "Waluta płatności",
  registrationRecommended: "Zalecane podanie danych płatniczych z wyprzedzeniem",
  creditCardRequired: "Wymagana karta kredytowa",
  domesticWithoutCard: "Rezerwacje krajowe bez danych karty",
  license: "Licencja",
  registryNumber: "Numer rejestrowy",
  taxId: "Numer identyfikacji podatkowej",
  bedrooms: "Sypialnie",
  bathrooms: "Łazienki",
  beds: "Łóżka",
  bedType: `{type, select,
    double_bed {Łóżko podwójne}
    queen_bed {Łóżko typu queen size}
    king_bed {Łóżko typu king size}
    twin_beds {Dwa łóżka pojedyncze}
    single_bed {Łóżko pojedyncze}
    sofa_bed {Rozkładana sofa}
    bunk_bed {Łóżko piętrowe}
    other {{label}}
  }`,
  houseRules: "Zasady domu",
  children: "Dzieci",
  parties: "Imprezy i wydarzenia",
  pets: "Zwierzęta",
  smoking: "Palenie",
  allowed: "Dozwolone",
  notAllowed: "Niedozwolone",
  maxOccupancy: "Maksymalna liczba gości",
  propertySize: "Powierzchnia",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Zarządca",
  coordinates: "Współrzędne",
  viewMap: "Zobacz na mapie",
  lastUpdated: "Ostatnia aktualizacja",
  otherIds: "Identyfikatory u innych dostawców",
  defaultLanguage: "Główny język",
  facts: "W skrócie",
  groupedTerm: "{group}: {term}",
  overall: "Opis ogólny",
  headline: "W skrócie o obiekcie",
  business_amenities: "Udogodnienia dla podróżujących służbowo",
  rooms: "Pokoje",
  attractions: "Atrakcje",
  amenities: "Udogodnienia",
  dining: "Gastronomia",
  renovations: "Remonty",
  national_ratings: "Oficjalna kategoria",
  photos: "Zdjęcia",
  photoCategory: `{type, select,
    exterior {Widok z zewnątrz}
    lobby {Lobby}
    guestroom {Pokój}
    bathroom {Łazienka}
    pool {Basen}
    restaurant {Restauracja}
    bar {Bar}
    breakfast_area {Sala śniadaniowa}
    fitness {Siłownia}
    spa {Spa}
    beach {Plaża}
    view {Widok}
    garden {Ogród}
    terrace {Taras}
    kitchen {Kuchnia}
    living_area {Część wypoczynkowa}
    other {{label}}
  }`,
  signIn: "Zaloguj się",
  signOut: "Wyloguj się",
  signedInAs: "Zalogowano jako {name}",
  signInWith: "Zaloguj się przez {provider}",
  signInIntro: "Użyj konta {provider}. Jeśli jesteś już tam zalogowany, hasło nie jest potrzebne.",
  signInFailed: "Logowanie przez {provider} nie zostało dokończone. Spróbuj ponownie.",
  signInUnavailable: "Logowanie jest teraz niedostępne. Spróbuj ponownie później.",
  signInNotOffered: "Ten serwis nie oferuje logowania.",
  // seo and gallery
  galleryDialog: "Przeglądarka zdjęć",
  galleryClose: "Zamknij",
  galleryPrevious: "Poprzednie zdjęcie",
  galleryNext: "Następne zdjęcie",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Mapa",
  mapOfResults: "Mapa hoteli: {place}",
  mapOfHotel: "Mapa: {name} i miejsca w pobliżu",
  mapThisHotel: "{name} (ten obiekt)",
  mapBaseCredit: "Mapa bazowa",
  mapTilesCredit: "Kafelki mapy",
  placeDataCredit: "Dane o miejscach: {geonames} (CC BY 4.0) i {ourairports} (domena publiczna).",
  // dates and guests
  stayCheckIn: "Zameldowanie",
  stayCheckOut: "Wymeldowanie",
  stayGuests: "Pokoje i goście",
  stayRoom: "Pokój {n}",
  stayAdults: "Dorośli",
  stayChildren: "Dzieci",
  stayChildAge: "Wiek dziecka {n}",
  stayAddRoom: "Dodaj pokój",
  stayRemoveRoom: "Usuń pokój {n}",
  stayDone: "Gotowe",
  stayUpdate: "Aktualizuj",
  stayYourStay: "Twój pobyt",
  stayRoomsOne: "1 pokój",
  stayRoomsMany: "{n, plural, one {# pokój} few {# pokoje} many {# pokoi} other {# pokoju}}",
  stayAdultsOne: "1 dorosły",
  stayAdultsMany: "{n, plural, one {# dorosły} few {# dorosłych} many {# dorosłych} other {# dorosłego}}",
  stayChildrenOne: "1 dziecko",
  stayChildrenMany: "{n, plural, one {# dziecko} few {# dzieci} many {# dzieci} other {# dziecka}}",
  stayInvalidDate: "Podaj prawidłowe daty (na przykład 2026-06-01).",
  stayMissingDate: "Wybierz datę zameldowania i datę wymeldowania.",
  stayCheckOutBeforeCheckIn: "Wymeldowanie musi nastąpić po zameldowaniu.",
  stayPastDate: "Data zameldowania nie może być w przeszłości.",
  stayTooLong: "Pobyt może trwać najwyżej {max, plural, one {# noc} few {# noce} many {# nocy} other {# nocy}}.",
  stayInvalidRooms: "Nie udało się odczytać pokoi i gości: wybierz je ponownie.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 noc",
  stayNightsMany: "{n, plural, one {# noc} few {# noce} many {# nocy} other {# nocy}}",
  handoffCta: "Zobacz ceny w serwisie {site}",
  handoffNote: "Otwiera serwis {site} z tymi datami i gośćmi, ceny w {currency}.",
  handoffNoDates: "Nie wybrano jeszcze dat: serwis {site} o nie zapyta.",
  stayHintHandoff: "Wybierz daty i gości, a na stronie każdego hotelu zobaczysz ceny w serwisie {site}.",
  stayHintNoHandoff:
    "Tylko informacje o hotelach: ten serwis nie pokazuje cen i nie przyjmuje rezerwacji. Wybrane daty i goście są zachowywane podczas przeglądania.",
  currencyHintConverted: "Waluta ({currency}): opłaty podane w innej walucie są przeliczane w przybliżeniu.",
  currencyHintLinks: "Waluta ({currency}): używana w linkach do wyników wyszukiwania i miejsc w pobliżu.",
  approxAmount: "≈ {amount} (ok.)",
  ratesNote: "Przybliżone przeliczenia według kursów referencyjnych euro z {date}.",
  signedOut: "Wylogowano.",
  // phone-first pages, the range calendar, results
  menuLabel: "Język i waluta",
  searchEdit: "Zmień",
  stayAddDates: "Dodaj daty",
  stayCalendar: "Wybierz daty w kalendarzu",
  stayPreviousMonth: "Poprzedni miesiąc",
  stayNextMonth: "Następny miesiąc",
  stayChooseCheckIn: "Wybierz datę zameldowania.",
  stayChooseCheckOut: "Teraz wybierz datę wymeldowania.",
  stayClearDates: "Wyczyść daty",
  sortPopular: "Popularność",
  filters: "Filtry",
  showMap: "Pokaż mapę",
  hideMap: "Ukryj mapę",
  pages: "Strony",
  pageNumber: "Strona {n, number}",
};

const sv: Catalog = {
  searchLabel: "Resmål eller hotell",
  searchPlaceholder: "Vart vill du resa?",
  searchButton: "Sök",
  searchTitle: "Sök",
  popular: "Populära resmål",
  hotel: "hotell",
  hotels: "{count, plural, one {# hotell} other {# hotell}}",
  hotelsIn: "Hotell i {place}",
  resultCount: "{total, number} av {inPlace, plural, one {# boende} other {# boenden}}",
  noResults: "Inga boenden matchar de här filtren.",
  noHotelsYet: "Inga hotell har publicerats än.",
  noPlace: "Inget resmål matchar ”{q}”.",
  choosePlace: "Sök efter en stad, en region, en sevärdhet eller en flygplats.",
  clearFilters: "Rensa filter",
  sortBy: "Sortera efter",
  sortDistance: "Avstånd från centrum",
  sortName: "Namn",
  propertyType: "Typ av boende",
  propertyTypeName: `{type, select,
    hotel {Hotell}
    apartment {Lägenhet}
    guesthouse {Gästhus}
    hostel {Vandrarhem}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & breakfast}
    aparthotel {Lägenhetshotell}
    motel {Motell}
    vacation_home {Semesterhus}
    inn {Värdshus}
    lodge {Lodge}
    cottage {Stuga}
    chalet {Fjällstuga}
    condo {Bostadsrätt}
    cabin {Timmerstuga}
    campsite {Camping}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Alla",
  petFriendly: "Husdjur tillåtna",
  vacationRental: "Semesterboende",
  apply: "Tillämpa",
  previous: "Föregående",
  next: "Nästa",
  pageOf: "Sida {page, number} av {pages, number}",
  kmFromCentre: "{km, number, ::.#} km från centrum",
  language: "Språk",
  currency: "Valuta",
  nearby: "I närheten",
  nearbyLoading: "Läser in platser i närheten…",
  nearbyError: "Det gick inte att läsa in platser i närheten.",
  nearbyEmpty: "Inga platser med hotell i närheten.",
  placeCategory: `{type, select,
    country {Land}
    adminDivision {Region}
    city {Stad}
    townVillage {Ort}
    subCity {Stadsdel}
    landmark {Sevärdhet}
    touristRegion {Turistregion}
    airport {Flygplats}
    other {{label}}
  }`,
  checkIn: "Incheckning",
  checkOut: "Utcheckning",
  from: "från {time}",
  until: "till {time}",
  allDay: "Incheckning dygnet runt",
  minAge: "Lägsta ålder",
  maxAge: "Högsta ålder",
  keyCollection: "Nyckelutlämning",
  policies: "Regler",
  healthAndSafety: "Hälsa och säkerhet",
  payment: "Betalning",
  languagesSpoken: "Språk som talas",
  legal: "Juridisk information",
  vacationRentalDetails: "Om semesterboendet",
  about: "Om boendet",
  location: "Läge",
  yes: "Ja",
  no: "Nej",
  notFound: "Sidan hittades inte",
  notFoundText: "Den här sidan finns inte på webbplatsen.",
  home: "Startsida",
  hotelsMatching: "Hotell som matchar ”{q}”",
  instructions: "Instruktioner",
  specialInstructions: "Särskilda instruktioner",
  checkOutPolicy: "Regler för utcheckning",
  keyLocation: "Var nycklarna finns",
  howToCollect: "Så hämtar du dem",
  alternativeKeyLocation: "Annan plats för nycklarna",
  knowBeforeYouGo: "Bra att veta före resan",
  nationalityRestrictions: "Begränsningar utifrån nationalitet",
  enhanced_cleaning_practices: "Förstärkt städning",
  cleaned_with_disinfectant: "Städat med desinfektionsmedel",
  self_check_in_and_check_out: "Självincheckning och självutcheckning",
  gap_between_stays: "Uppehåll mellan vistelser",
  acceptedCards: "Kort som accepteras",
  cardType: `{type, select,
    credit {kredit}
    debit {debet}
    other {{label}}
  }`,
  mandatoryFees: "Obligatoriska avgifter",
  optionalFees: "Valfria avgifter",
  deposit: "Deposition",
  onsitePayments: "Betalning på plats",
  paymentType: `{type, select,
    cash {Kontanter}
    debit_cards {Betalkort}
    credit_cards {Kreditkort}
    bank_transfer {Banköverföring}
    other {{label}}
  }`,
  paymentCurrency: "Betalningsvaluta",
  registrationRecommended: "Registrering av betalningsuppgifter rekommenderas",
  creditCardRequired: "Kreditkort krävs",
  domesticWithoutCard: "Inrikesbokningar utan kortuppgifter",
  license: "Tillstånd",
  registryNumber: "Registreringsnummer",
  taxId: "Skatteregistreringsnummer",
  bedrooms: "Sovrum",
  bathrooms: "Badrum",
  beds: "Sängar",
  bedType: `{type, select,
    double_bed {Dubbelsäng}
    queen_bed {Queen size-säng}
    king_bed {King size-säng}
    twin_beds {Två enkelsängar}
    single_bed {Enkelsäng}
    sofa_bed {Bäddsoffa}
    bunk_bed {Våningssäng}
    other {{label}}
  }`,
  houseRules: "Husregler",
  children: "Barn",
  parties: "Fester och evenemang",
  pets: "Husdjur",
  smoking: "Rökning",
  allowed: "Tillåtet",
  notAllowed: "Inte tillåtet",
  maxOccupancy: "Högsta antal gäster",
  propertySize: "Storlek",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Förvaltas av",
  coordinates: "Koordinater",
  viewMap: "Visa på karta",
  lastUpdated: "Senast uppdaterad",
  otherIds: "ID hos andra leverantörer",
  defaultLanguage: "Huvudspråk",
  facts: "I korthet",
  groupedTerm: "{group}: {term}",
  overall: "Översikt",
  headline: "Rubrik",
  business_amenities: "För affärsresenärer",
  rooms: "Rum",
  attractions: "Sevärdheter",
  amenities: "Bekvämligheter",
  dining: "Mat och dryck",
  renovations: "Renoveringar",
  national_ratings: "Officiell klassificering",
  photos: "Foton",
  photoCategory: `{type, select,
    exterior {Exteriör}
    lobby {Lobby}
    guestroom {Rum}
    bathroom {Badrum}
    pool {Pool}
    restaurant {Restaurang}
    bar {Bar}
    breakfast_area {Frukostmatsal}
    fitness {Gym}
    spa {Spa}
    beach {Strand}
    view {Utsikt}
    garden {Trädgård}
    terrace {Terrass}
    kitchen {Kök}
    living_area {Vardagsrum}
    other {{label}}
  }`,
  signIn: "Logga in",
  signOut: "Logga ut",
  signedInAs: "Inloggad som {name}",
  signInWith: "Logga in med {provider}",
  signInIntro: "Använd ditt {provider}-konto. Om du redan är inloggad där behövs inget lösenord.",
  signInFailed: "Inloggningen med {provider} slutfördes inte. Försök igen.",
  signInUnavailable: "Det går inte att logga in just nu. Försök igen senare.",
  signInNotOffered: "Den här webbplatsen erbjuder ingen inloggning.",
  // seo and gallery
  galleryDialog: "Bildvisare",
  galleryClose: "Stäng",
  galleryPrevious: "Föregående foto",
  galleryNext: "Nästa foto",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Karta",
  mapOfResults: "Karta över hotellen i {place}",
  mapOfHotel: "Karta över {name} och platser i närheten",
  mapThisHotel: "{name} (det här boendet)",
  mapBaseCredit: "Baskarta",
  mapTilesCredit: "Kartplattor",
  placeDataCredit: "Platsdata: {geonames} (CC BY 4.0) och {ourairports} (allmän egendom).",
  // dates and guests
  stayCheckIn: "Incheckning",
  stayCheckOut: "Utcheckning",
  stayGuests: "Rum och gäster",
  stayRoom: "Rum {n}",
  stayAdults: "Vuxna",
  stayChildren: "Barn",
  stayChildAge: "Ålder på barn {n}",
  stayAddRoom: "Lägg till ett rum",
  stayRemoveRoom: "Ta bort rum {n}",
  stayDone: "Klar",
  stayUpdate: "Uppdatera",
  stayYourStay: "Din vistelse",
  stayRoomsOne: "1 rum",
  stayRoomsMany: "{n, plural, one {# rum} other {# rum}}",
  stayAdultsOne: "1 vuxen",
  stayAdultsMany: "{n, plural, one {# vuxen} other {# vuxna}}",
  stayChildrenOne: "1 barn",
  stayChildrenMany: "{n, plural, one {# barn} other {# barn}}",
  stayInvalidDate: "Ange giltiga datum (till exempel 2026-06-01).",
  stayMissingDate: "Välj både ett incheckningsdatum och ett utcheckningsdatum.",
  stayCheckOutBeforeCheckIn: "Utcheckningen måste vara efter incheckningen.",
  stayPastDate: "Incheckningen kan inte vara i det förflutna.",
  stayTooLong: "En vistelse kan vara högst {max, plural, one {# natt} other {# nätter}}.",
  stayInvalidRooms: "Det gick inte att läsa rummen och gästerna: välj dem igen.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 natt",
  stayNightsMany: "{n, plural, one {# natt} other {# nätter}}",
  handoffCta: "Se priser hos {site}",
  handoffNote: "Öppnar {site} med de här datumen och gästerna, priser i {currency}.",
  handoffNoDates: "Inga datum valda än: {site} frågar efter dem.",
  stayHintHandoff: "Välj datum och gäster och se sedan priserna hos {site} från valfritt hotells sida.",
  stayHintNoHandoff:
    "Endast hotellinformation: den här webbplatsen visar inga priser och tar inte emot bokningar. Dina datum och gäster sparas medan du surfar.",
  currencyHintConverted: "Valuta ({currency}): avgifter i en annan valuta räknas om ungefärligt.",
  currencyHintLinks: "Valuta ({currency}): används i länkarna till sökresultat och platser i närheten.",
  approxAmount: "≈ {amount} (ca)",
  ratesNote: "Ungefärliga omräkningar enligt eurons referenskurser den {date}.",
  signedOut: "Du är utloggad.",
  // phone-first pages, the range calendar, results
  menuLabel: "Språk och valuta",
  searchEdit: "Ändra",
  stayAddDates: "Lägg till datum",
  stayCalendar: "Välj datum i en kalender",
  stayPreviousMonth: "Föregående månad",
  stayNextMonth: "Nästa månad",
  stayChooseCheckIn: "Välj datum för incheckning.",
  stayChooseCheckOut: "Välj nu datum för utcheckning.",
  stayClearDates: "Rensa datum",
  sortPopular: "Popularitet",
  filters: "Filter",
  showMap: "Visa karta",
  hideMap: "Dölj karta",
  pages: "Sidor",
  pageNumber: "Sida {n, number}",
};

const da: Catalog = {
  searchLabel: "Destination eller hotel",
  searchPlaceholder: "Hvor skal du hen?",
  searchButton: "Søg",
  searchTitle: "Søgning",
  popular: "Populære destinationer",
  hotel: "hotel",
  hotels: "{count, plural, one {# hotel} other {# hoteller}}",
  hotelsIn: "Hoteller i {place}",
  resultCount: "{total, number} af {inPlace, plural, one {# overnatningssted} other {# overnatningssteder}}",
  noResults: "Ingen overnatningssteder matcher disse filtre.",
  noHotelsYet: "Der er ikke offentliggjort nogen hoteller endnu.",
  noPlace: "Ingen destination matcher »{q}«.",
  choosePlace: "Søg efter en by, en region, en seværdighed eller en lufthavn.",
  clearFilters: "Ryd filtre",
  sortBy: "Sortér efter",
  sortDistance: "Afstand fra centrum",
  sortName: "Navn",
  propertyType: "Type overnatningssted",
  propertyTypeName: `{type, select,
    hotel {Hotel}
    apartment {Lejlighed}
    guesthouse {Gæstehus}
    hostel {Vandrerhjem}
    resort {Resort}
    villa {Villa}
    bed_breakfast {Bed & breakfast}
    aparthotel {Lejlighedshotel}
    motel {Motel}
    vacation_home {Feriehus}
    inn {Kro}
    lodge {Lodge}
    cottage {Sommerhus}
    chalet {Bjerghytte}
    condo {Ejerlejlighed}
    cabin {Hytte}
    campsite {Campingplads}
    ryokan {Ryokan}
    other {{label}}
  }`,
  anyType: "Alle",
  petFriendly: "Kæledyr tilladt",
  vacationRental: "Ferieudlejning",
  apply: "Anvend",
  previous: "Forrige",
  next: "Næste",
  pageOf: "Side {page, number} af {pages, number}",
  kmFromCentre: "{km, number, ::.#} km fra centrum",
  language: "Sprog",
  currency: "Valuta",
  nearby: "I nærheden",
  nearbyLoading: "Indlæser steder i nærheden…",
  nearbyError: "Steder i nærheden kunne ikke indlæses.",
  nearbyEmpty: "Ingen steder med hoteller i nærheden.",
  placeCategory: `{type, select,
    country {Land}
    adminDivision {Region}
    city {By}
    townVillage {Mindre by}
    subCity {Bydel}
    landmark {Seværdighed}
    touristRegion {Turistområde}
    airport {Lufthavn}
    other {{label}}
  }`,
  checkIn: "Indtjekning",
  checkOut: "Udtjekning",
  from: "fra kl. {time}",
  until: "til kl. {time}",
  allDay: "Indtjekning døgnet rundt",
  minAge: "Minimumsalder",
  maxAge: "Maksimumsalder",
  keyCollection: "Afhentning af nøgler",
  policies: "Regler",
  healthAndSafety: "Sundhed og sikkerhed",
  payment: "Betaling",
  languagesSpoken: "Sprog, der tales",
  legal: "Juridiske oplysninger",
  vacationRentalDetails: "Oplysninger om ferieboligen",
  about: "Om overnatningsstedet",
  location: "Beliggenhed",
  yes: "Ja",
  no: "Nej",
  notFound: "Siden blev ikke fundet",
  notFoundText: "Denne side findes ikke på dette websted.",
  home: "Forside",
  hotelsMatching: "Hoteller, der matcher »{q}«",
  instructions: "Vejledning",
  specialInstructions: "Særlige anvisninger",
  checkOutPolicy: "Regler for udtjekning",
  keyLocation: "Hvor nøglerne er",
  howToCollect: "Sådan henter du dem",
  alternativeKeyLocation: "Andet sted til nøglerne",
  knowBeforeYouGo: "Godt at vide inden afrejse",
  nationalityRestrictions: "Begrænsninger efter nationalitet",
  enhanced_cleaning_practices: "Skærpet rengøring",
  cleaned_with_disinfectant: "Rengjort med desinfektionsmiddel",
  self_check_in_and_check_out: "Selvbetjent ind- og udtjekning",
  gap_between_stays: "Pause mellem ophold",
  acceptedCards: "Accepterede kort",
  cardType: `{type, select,
    credit {kredit}
    debit {debet}
    other {{label}}
  }`,
  mandatoryFees: "Obligatoriske gebyrer",
  optionalFees: "Valgfrie gebyrer",
  deposit: "Depositum",
  onsitePayments: "Betaling på stedet",
  paymentType: `{type, select,
    cash {Kontanter}
    debit_cards {Betalingskort}
    credit_cards {Kreditkort}
    bank_transfer {Bankoverførsel}
    other {{label}}
  }`,
  paymentCurrency: "Betalingsvaluta",
  registrationRecommended: "Registrering af betalingsoplysninger anbefales",
  creditCardRequired: "Kreditkort påkrævet",
  domesticWithoutCard: "Indenlandske bookinger uden kortoplysninger",
  license: "Tilladelse",
  registryNumber: "Registreringsnummer",
  taxId: "Skattenummer",
  bedrooms: "Soveværelser",
  bathrooms: "Badeværelser",
  beds: "Senge",
  bedType: `{type, select,
    double_bed {Dobbeltseng}
    queen_bed {Queensize-seng}
    king_bed {Kingsize-seng}
    twin_beds {To enkeltsenge}
    single_bed {Enkeltseng}
    sofa_bed {Sovesofa}
    bunk_bed {Køjeseng}
    other {{label}}
  }`,
  houseRules: "Husregler",
  children: "Børn",
  parties: "Fester og arrangementer",
  pets: "Kæledyr",
  smoking: "Rygning",
  allowed: "Tilladt",
  notAllowed: "Ikke tilladt",
  maxOccupancy: "Højeste antal gæster",
  propertySize: "Størrelse",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {ft²} other {{label}}}",
  propertyManager: "Administreres af",
  coordinates: "Koordinater",
  viewMap: "Se på kort",
  lastUpdated: "Sidst opdateret",
  otherIds: "Id’er hos andre udbydere",
  defaultLanguage: "Hovedsprog",
  facts: "Kort fortalt",
  groupedTerm: "{group}: {term}",
  overall: "Overblik",
  headline: "Overskrift",
  business_amenities: "Faciliteter til forretningsrejsende",
  rooms: "Værelser",
  attractions: "Seværdigheder",
  amenities: "Faciliteter",
  dining: "Mad og drikke",
  renovations: "Renoveringer",
  national_ratings: "Officiel klassificering",
  photos: "Fotos",
  photoCategory: `{type, select,
    exterior {Udefra}
    lobby {Lobby}
    guestroom {Værelse}
    bathroom {Badeværelse}
    pool {Pool}
    restaurant {Restaurant}
    bar {Bar}
    breakfast_area {Morgenmadsområde}
    fitness {Fitnessrum}
    spa {Spa}
    beach {Strand}
    view {Udsigt}
    garden {Have}
    terrace {Terrasse}
    kitchen {Køkken}
    living_area {Opholdsrum}
    other {{label}}
  }`,
  signIn: "Log ind",
  signOut: "Log ud",
  signedInAs: "Logget ind som {name}",
  signInWith: "Log ind med {provider}",
  signInIntro: "Brug din {provider}-konto. Er du allerede logget ind der, skal du ikke bruge en adgangskode.",
  signInFailed: "Log ind med {provider} blev ikke gennemført. Prøv igen.",
  signInUnavailable: "Det er ikke muligt at logge ind lige nu. Prøv igen senere.",
  signInNotOffered: "Dette websted tilbyder ikke log ind.",
  // seo and gallery
  galleryDialog: "Fotofremviser",
  galleryClose: "Luk",
  galleryPrevious: "Forrige foto",
  galleryNext: "Næste foto",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "Kort",
  mapOfResults: "Kort over hotellerne i {place}",
  mapOfHotel: "Kort over {name} og steder i nærheden",
  mapThisHotel: "{name} (dette overnatningssted)",
  mapBaseCredit: "Basiskort",
  mapTilesCredit: "Kortfliser",
  placeDataCredit: "Stedsdata: {geonames} (CC BY 4.0) og {ourairports} (fri af ophavsret).",
  // dates and guests
  stayCheckIn: "Indtjekning",
  stayCheckOut: "Udtjekning",
  stayGuests: "Værelser og gæster",
  stayRoom: "Værelse {n}",
  stayAdults: "Voksne",
  stayChildren: "Børn",
  stayChildAge: "Alder på barn {n}",
  stayAddRoom: "Tilføj et værelse",
  stayRemoveRoom: "Fjern værelse {n}",
  stayDone: "Færdig",
  stayUpdate: "Opdater",
  stayYourStay: "Dit ophold",
  stayRoomsOne: "1 værelse",
  stayRoomsMany: "{n, plural, one {# værelse} other {# værelser}}",
  stayAdultsOne: "1 voksen",
  stayAdultsMany: "{n, plural, one {# voksen} other {# voksne}}",
  stayChildrenOne: "1 barn",
  stayChildrenMany: "{n, plural, one {# barn} other {# børn}}",
  stayInvalidDate: "Angiv gyldige datoer (for eksempel 2026-06-01).",
  stayMissingDate: "Vælg både en indtjekningsdato og en udtjekningsdato.",
  stayCheckOutBeforeCheckIn: "Udtjekning skal være efter indtjekning.",
  stayPastDate: "Indtjekning kan ikke ligge i fortiden.",
  stayTooLong: "Et ophold kan højst vare {max, plural, one {# nat} other {# nætter}}.",
  stayInvalidRooms: "Værelser og gæster kunne ikke læses: vælg dem igen.",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1 nat",
  stayNightsMany: "{n, plural, one {# nat} other {# nætter}}",
  handoffCta: "Se priser hos {site}",
  handoffNote: "Åbner {site} med disse datoer og gæster, priser i {currency}.",
  handoffNoDates: "Ingen datoer valgt endnu: {site} spørger efter dem.",
  stayHintHandoff: "Vælg datoer og gæster, og se derefter priserne hos {site} fra ethvert hotels side.",
  stayHintNoHandoff:
    "Kun hoteloplysninger: dette websted viser ingen priser og tager ikke imod bookinger. Dine datoer og gæster bevares, mens du browser.",
  currencyHintConverted: "Valuta ({currency}): gebyrer i en anden valuta omregnes omtrentligt.",
  currencyHintLinks: "Valuta ({currency}): bruges i linkene til søgeresultater og steder i nærheden.",
  approxAmount: "≈ {amount} (ca.)",
  ratesNote: "Omtrentlige omregninger efter euroens referencekurser den {date}.",
  signedOut: "Du er logget ud.",
  // phone-first pages, the range calendar, results
  menuLabel: "Sprog og valuta",
  searchEdit: "Ret",
  stayAddDates: "Tilføj datoer",
  stayCalendar: "Vælg datoer i en kalender",
  stayPreviousMonth: "Forrige måned",
  stayNextMonth: "Næste måned",
  stayChooseCheckIn: "Vælg din indtjekningsdato.",
  stayChooseCheckOut: "Vælg nu din udtjekningsdato.",
  stayClearDates: "Ryd datoer",
  sortPopular: "Popularitet",
  filters: "Filtre",
  showMap: "Vis kort",
  hideMap: "Skjul kort",
  pages: "Sider",
  pageNumber: "Side {n, number}",
};

const ja: Catalog = {
  searchLabel: "目的地またはホテル",
  searchPlaceholder: "どちらへお出かけですか？",
  searchButton: "検索",
  searchTitle: "検索",
  popular: "人気の目的地",
  hotel: "ホテル",
  hotels: "{count, plural, other {ホテル#軒}}",
  hotelsIn: "{place}のホテル",
  resultCount: "{inPlace, plural, other {#軒}}中{total, number}軒",
  noResults: "条件に合う施設はありません。",
  noHotelsYet: "公開されているホテルはまだありません。",
  noPlace: "「{q}」に一致する目的地はありません。",
  choosePlace: "都市、地域、名所、空港で検索してください。",
  clearFilters: "絞り込みを解除",
  sortBy: "並べ替え",
  sortDistance: "中心からの距離",
  sortName: "名前",
  propertyType: "施設タイプ",
  propertyTypeName: `{type, select,
    hotel {ホテル}
    apartment {アパートメント}
    guesthouse {ゲストハウス}
    hostel {ホステル}
    resort {リゾート}
    villa {ヴィラ}
    bed_breakfast {B&B}
    aparthotel {アパートメントホテル}
    motel {モーテル}
    vacation_home {貸別荘}
    inn {イン}
    lodge {ロッジ}
    cottage {コテージ}
    chalet {シャレー}
    condo {コンドミニアム}
    cabin {キャビン}
    campsite {キャンプ場}
    ryokan {旅館}
    other {{label}}
  }`,
  anyType: "すべて",
  petFriendly: "ペット可",
  vacationRental: "バケーションレンタル",
  apply: "適用",
  previous: "前へ",
  next: "次へ",
  pageOf: "{pages, number}ページ中{page, number}ページ",
  kmFromCentre: "中心から{km, number, ::.#} km",
  language: "言語",
  currency: "通貨",
  nearby: "周辺のスポット",
  nearbyLoading: "周辺のスポットを読み込んでいます…",
  nearbyError: "周辺のスポットを読み込めませんでした。",
  nearbyEmpty: "近くにホテルのある場所はありません。",
  placeCategory: `{type, select,
    country {国}
    adminDivision {地域}
    city {都市}
    townVillage {町}
    subCity {地区}
    landmark {名所}
    touristRegion {観光地}
    airport {空港}
    other {{label}}
  }`,
  checkIn: "チェックイン",
  checkOut: "チェックアウト",
  from: "{time}から",
  until: "{time}まで",
  allDay: "24時間チェックイン可",
  minAge: "最低年齢",
  maxAge: "最高年齢",
  keyCollection: "鍵の受け取り",
  policies: "ポリシー",
  healthAndSafety: "衛生と安全",
  payment: "支払い",
  languagesSpoken: "対応言語",
  legal: "法的情報",
  vacationRentalDetails: "バケーションレンタルの詳細",
  about: "施設について",
  location: "所在地",
  yes: "はい",
  no: "いいえ",
  notFound: "ページが見つかりません",
  notFoundText: "このページはこのサイトにはありません。",
  home: "ホーム",
  hotelsMatching: "「{q}」に一致するホテル",
  instructions: "ご案内",
  specialInstructions: "特記事項",
  checkOutPolicy: "チェックアウトのポリシー",
  keyLocation: "鍵の場所",
  howToCollect: "受け取り方法",
  alternativeKeyLocation: "鍵の別の受け取り場所",
  knowBeforeYouGo: "ご出発前にご確認ください",
  nationalityRestrictions: "国籍による制限",
  enhanced_cleaning_practices: "強化された清掃",
  cleaned_with_disinfectant: "消毒剤による清掃",
  self_check_in_and_check_out: "セルフチェックイン・チェックアウト",
  gap_between_stays: "滞在と滞在の間の空き期間",
  acceptedCards: "利用できるカード",
  cardType: `{type, select,
    credit {クレジット}
    debit {デビット}
    other {{label}}
  }`,
  mandatoryFees: "必須の料金",
  optionalFees: "任意の料金",
  deposit: "デポジット",
  onsitePayments: "現地での支払い",
  paymentType: `{type, select,
    cash {現金}
    debit_cards {デビットカード}
    credit_cards {クレジットカード}
    bank_transfer {銀行振込}
    other {{label}}
  }`,
  paymentCurrency: "支払い通貨",
  registrationRecommended: "支払い情報の事前登録を推奨",
  creditCardRequired: "クレジットカードが必要",
  domesticWithoutCard: "国内からの予約はカード情報不要",
  license: "営業許可",
  registryNumber: "登録番号",
  taxId: "税務番号",
  bedrooms: "寝室",
  bathrooms: "バスルーム",
  beds: "ベッド",
  bedType: `{type, select,
    double_bed {ダブルベッド}
    queen_bed {クイーンベッド}
    king_bed {キングベッド}
    twin_beds {シングルベッド2台}
    single_bed {シングルベッド}
    sofa_bed {ソファベッド}
    bunk_bed {二段ベッド}
    other {{label}}
  }`,
  houseRules: "ハウスルール",
  children: "子供",
  parties: "パーティー・イベント",
  pets: "ペット",
  smoking: "喫煙",
  allowed: "可",
  notAllowed: "不可",
  maxOccupancy: "最大宿泊人数",
  propertySize: "広さ",
  sizeValue: "{size, number} {type, select, square_meters {m²} square_feet {平方フィート} other {{label}}}",
  propertyManager: "管理会社",
  coordinates: "座標",
  viewMap: "地図で見る",
  lastUpdated: "最終更新",
  otherIds: "他の事業者でのID",
  defaultLanguage: "主要言語",
  facts: "基本情報",
  groupedTerm: "{group}：{term}",
  overall: "概要",
  headline: "見出し",
  business_amenities: "ビジネス向け設備",
  rooms: "客室",
  attractions: "周辺の観光スポット",
  amenities: "設備・サービス",
  dining: "お食事",
  renovations: "改装",
  national_ratings: "公式格付け",
  photos: "写真",
  photoCategory: `{type, select,
    exterior {外観}
    lobby {ロビー}
    guestroom {客室}
    bathroom {バスルーム}
    pool {プール}
    restaurant {レストラン}
    bar {バー}
    breakfast_area {朝食会場}
    fitness {フィットネス}
    spa {スパ}
    beach {ビーチ}
    view {眺望}
    garden {庭園}
    terrace {テラス}
    kitchen {キッチン}
    living_area {リビング}
    other {{label}}
  }`,
  signIn: "ログイン",
  signOut: "ログアウト",
  signedInAs: "{name}としてログイン中",
  signInWith: "{provider}でログイン",
  signInIntro: "{provider}のアカウントをご利用ください。すでにログインしている場合、パスワードは不要です。",
  signInFailed: "{provider}でのログインが完了しませんでした。もう一度お試しください。",
  signInUnavailable: "現在ログインできません。しばらくしてからもう一度お試しください。",
  signInNotOffered: "このサイトではログインできません。",
  // seo and gallery
  galleryDialog: "写真ビューアー",
  galleryClose: "閉じる",
  galleryPrevious: "前の写真",
  galleryNext: "次の写真",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "地図",
  mapOfResults: "{place}のホテルの地図",
  mapOfHotel: "{name}と周辺の地図",
  mapThisHotel: "{name}（この施設）",
  mapBaseCredit: "ベースマップ",
  mapTilesCredit: "地図タイル",
  placeDataCredit: "地点データ：{geonames}（CC BY 4.0）、{ourairports}（パブリックドメイン）",
  // dates and guests
  stayCheckIn: "チェックイン",
  stayCheckOut: "チェックアウト",
  stayGuests: "客室数と人数",
  stayRoom: "客室{n}",
  stayAdults: "大人",
  stayChildren: "子供",
  stayChildAge: "子供{n}の年齢",
  stayAddRoom: "客室を追加",
  stayRemoveRoom: "客室{n}を削除",
  stayDone: "完了",
  stayUpdate: "更新",
  stayYourStay: "ご滞在",
  stayRoomsOne: "1室",
  stayRoomsMany: "{n, plural, other {#室}}",
  stayAdultsOne: "大人1名",
  stayAdultsMany: "{n, plural, other {大人#名}}",
  stayChildrenOne: "子供1名",
  stayChildrenMany: "{n, plural, other {子供#名}}",
  stayInvalidDate: "正しい日付を入力してください（例：2026-06-01）。",
  stayMissingDate: "チェックイン日とチェックアウト日の両方を選んでください。",
  stayCheckOutBeforeCheckIn: "チェックアウトはチェックインより後にしてください。",
  stayPastDate: "過去の日付にはチェックインできません。",
  stayTooLong: "滞在は最長{max, plural, other {#泊}}までです。",
  stayInvalidRooms: "客室数と人数を読み取れませんでした。もう一度選んでください。",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1泊",
  stayNightsMany: "{n, plural, other {#泊}}",
  handoffCta: "{site}で料金を見る",
  handoffNote: "この日程と人数で{site}を開きます（料金は{currency}）。",
  handoffNoDates: "日程が未選択です。{site}で選べます。",
  stayHintHandoff: "日程と人数を選ぶと、各ホテルのページから{site}の料金を確認できます。",
  stayHintNoHandoff:
    "ホテル情報のみのサイトです。料金の表示や予約の受付は行っていません。選んだ日程と人数は閲覧中そのまま保持されます。",
  currencyHintConverted: "通貨（{currency}）：他の通貨で記載された料金に概算の換算額を添えます。",
  currencyHintLinks: "通貨（{currency}）：検索結果や周辺スポットへのリンクに使われます。",
  approxAmount: "≈ {amount}（概算）",
  ratesNote: "換算額は{date}のユーロ参照レートによる概算です。",
  signedOut: "ログアウトしました。",
  // phone-first pages, the range calendar, results
  menuLabel: "言語と通貨",
  searchEdit: "変更",
  stayAddDates: "日付を追加",
  stayCalendar: "カレンダーで日付を選択",
  stayPreviousMonth: "前の月",
  stayNextMonth: "次の月",
  stayChooseCheckIn: "チェックイン日を選択してください。",
  stayChooseCheckOut: "次にチェックアウト日を選択してください。",
  stayClearDates: "日付をクリア",
  sortPopular: "人気順",
  filters: "絞り込み",
  showMap: "地図を表示",
  hideMap: "地図を隠す",
  pages: "ページ",
  pageNumber: "{n, number}ページ",
};

const zh: Catalog = {
  searchLabel: "目的地或酒店",
  searchPlaceholder: "您要去哪里？",
  searchButton: "搜索",
  searchTitle: "搜索",
  popular: "热门目的地",
  hotel: "酒店",
  hotels: "{count, plural, other {#家酒店}}",
  hotelsIn: "{place}的酒店",
  resultCount: "{inPlace, plural, other {共#家住宿}}，符合条件的有{total, number}家",
  noResults: "没有符合这些筛选条件的住宿。",
  noHotelsYet: "目前还没有发布任何酒店。",
  noPlace: "没有与“{q}”匹配的目的地。",
  choosePlace: "搜索城市、地区、地标或机场。",
  clearFilters: "清除筛选",
  sortBy: "排序方式",
  sortDistance: "距市中心的距离",
  sortName: "名称",
  propertyType: "住宿类型",
  propertyTypeName: `{type, select,
    hotel {酒店}
    apartment {公寓}
    guesthouse {旅馆}
    hostel {青年旅舍}
    resort {度假村}
    villa {别墅}
    bed_breakfast {含早民宿}
    aparthotel {公寓式酒店}
    motel {汽车旅馆}
    vacation_home {度假屋}
    inn {客栈}
    lodge {山林小屋}
    cottage {乡村小屋}
    chalet {木屋}
    condo {公寓式住宅}
    cabin {小木屋}
    campsite {露营地}
    ryokan {日式旅馆}
    other {{label}}
  }`,
  anyType: "不限",
  petFriendly: "可携带宠物",
  vacationRental: "度假租赁",
  apply: "应用",
  previous: "上一页",
  next: "下一页",
  pageOf: "第{page, number}页，共{pages, number}页",
  kmFromCentre: "距市中心{km, number, ::.#}公里",
  language: "语言",
  currency: "货币",
  nearby: "附近地点",
  nearbyLoading: "正在加载附近地点…",
  nearbyError: "无法加载附近地点。",
  nearbyEmpty: "附近没有有酒店的地点。",
  placeCategory: `{type, select,
    country {国家}
    adminDivision {地区}
    city {城市}
    townVillage {城镇}
    subCity {城区}
    landmark {地标}
    touristRegion {旅游区}
    airport {机场}
    other {{label}}
  }`,
  checkIn: "入住",
  checkOut: "退房",
  from: "{time}起",
  until: "至{time}",
  allDay: "24小时办理入住",
  minAge: "最低年龄",
  maxAge: "最高年龄",
  keyCollection: "领取钥匙",
  policies: "政策",
  healthAndSafety: "健康与安全",
  payment: "付款",
  languagesSpoken: "使用语言",
  legal: "法律信息",
  vacationRentalDetails: "度假租赁详情",
  about: "关于住宿",
  location: "位置",
  yes: "是",
  no: "否",
  notFound: "找不到页面",
  notFoundText: "本网站上没有此页面。",
  home: "首页",
  hotelsMatching: "与“{q}”匹配的酒店",
  instructions: "说明",
  specialInstructions: "特别说明",
  checkOutPolicy: "退房政策",
  keyLocation: "钥匙位置",
  howToCollect: "领取方式",
  alternativeKeyLocation: "备用取钥匙地点",
  knowBeforeYouGo: "出行须知",
  nationalityRestrictions: "国籍限制",
  enhanced_cleaning_practices: "强化清洁措施",
  cleaned_with_disinfectant: "使用消毒剂清洁",
  self_check_in_and_check_out: "自助入住和退房",
  gap_between_stays: "两次入住之间的间隔",
  acceptedCards: "接受的银行卡",
  cardType: `{type, select,
    credit {信用卡}
    debit {借记卡}
    other {{label}}
  }`,
  mandatoryFees: "必付费用",
  optionalFees: "可选费用",
  deposit: "押金",
  onsitePayments: "到店付款",
  paymentType: `{type, select,
    cash {现金}
    debit_cards {借记卡}
    credit_cards {信用卡}
    bank_transfer {银行转账}
    other {{label}}
  }`,
  paymentCurrency: "付款货币",
  registrationRecommended: "建议预先登记付款信息",
  creditCardRequired: "需要信用卡",
  domesticWithoutCard: "国内预订无需提供银行卡信息",
  license: "经营许可证",
  registryNumber: "登记号",
  taxId: "税号",
  bedrooms: "卧室",
  bathrooms: "浴室",
  beds: "床",
  bedType: `{type, select,
    double_bed {双人床}
    queen_bed {大号双人床}
    king_bed {特大号双人床}
    twin_beds {两张单人床}
    single_bed {单人床}
    sofa_bed {沙发床}
    bunk_bed {上下铺}
    other {{label}}
  }`,
  houseRules: "入住守则",
  children: "儿童",
  parties: "聚会和活动",
  pets: "宠物",
  smoking: "吸烟",
  allowed: "允许",
  notAllowed: "不允许",
  maxOccupancy: "最多入住人数",
  propertySize: "面积",
  sizeValue: "{size, number} {type, select, square_meters {平方米} square_feet {平方英尺} other {{label}}}",
  propertyManager: "管理方",
  coordinates: "坐标",
  viewMap: "在地图上查看",
  lastUpdated: "最后更新",
  otherIds: "其他供应商的编号",
  defaultLanguage: "主要语言",
  facts: "概览",
  groupedTerm: "{group}：{term}",
  overall: "总体介绍",
  headline: "标题",
  business_amenities: "商务设施",
  rooms: "客房",
  attractions: "周边景点",
  amenities: "设施",
  dining: "餐饮",
  renovations: "装修",
  national_ratings: "官方评级",
  photos: "照片",
  photoCategory: `{type, select,
    exterior {外观}
    lobby {大堂}
    guestroom {客房}
    bathroom {浴室}
    pool {泳池}
    restaurant {餐厅}
    bar {酒吧}
    breakfast_area {早餐区}
    fitness {健身房}
    spa {水疗中心}
    beach {海滩}
    view {景观}
    garden {花园}
    terrace {露台}
    kitchen {厨房}
    living_area {起居区}
    other {{label}}
  }`,
  signIn: "登录",
  signOut: "退出登录",
  signedInAs: "已登录：{name}",
  signInWith: "使用{provider}登录",
  signInIntro: "请使用您的{provider}账户。如果您已在那里登录，则无需输入密码。",
  signInFailed: "使用{provider}登录未完成。请重试。",
  signInUnavailable: "目前无法登录。请稍后再试。",
  signInNotOffered: "本网站不提供登录功能。",
  // seo and gallery
  galleryDialog: "照片查看器",
  galleryClose: "关闭",
  galleryPrevious: "上一张照片",
  galleryNext: "下一张照片",
  galleryCounter: "{index, number} / {total, number}",
  // maps
  mapTitle: "地图",
  mapOfResults: "{place}酒店地图",
  mapOfHotel: "{name}及附近地点地图",
  mapThisHotel: "{name}（本住宿）",
  mapBaseCredit: "底图",
  mapTilesCredit: "地图瓦片",
  placeDataCredit: "地点数据：{geonames}（CC BY 4.0）和{ourairports}（公有领域）。",
  // dates and guests
  stayCheckIn: "入住",
  stayCheckOut: "退房",
  stayGuests: "客房和住客",
  stayRoom: "客房{n}",
  stayAdults: "成人",
  stayChildren: "儿童",
  stayChildAge: "儿童{n}的年龄",
  stayAddRoom: "添加客房",
  stayRemoveRoom: "移除客房{n}",
  stayDone: "完成",
  stayUpdate: "更新",
  stayYourStay: "您的行程",
  stayRoomsOne: "1间客房",
  stayRoomsMany: "{n, plural, other {#间客房}}",
  stayAdultsOne: "1位成人",
  stayAdultsMany: "{n, plural, other {#位成人}}",
  stayChildrenOne: "1名儿童",
  stayChildrenMany: "{n, plural, other {#名儿童}}",
  stayInvalidDate: "请输入有效日期（例如 2026-06-01）。",
  stayMissingDate: "请同时选择入住日期和退房日期。",
  stayCheckOutBeforeCheckIn: "退房日期必须晚于入住日期。",
  stayPastDate: "入住日期不能早于今天。",
  stayTooLong: "一次最多可入住{max, plural, other {#晚}}。",
  stayInvalidRooms: "无法读取客房和住客信息：请重新选择。",
  // the next step: booking hand-off, what the stay and currency are for, fee conversions, sign-out
  stayNightsOne: "1晚",
  stayNightsMany: "{n, plural, other {#晚}}",
  handoffCta: "在{site}查看价格",
  handoffNote: "将按这些日期和住客打开{site}，价格以{currency}显示。",
  handoffNoDates: "尚未选择日期：{site}会请您选择。",
  stayHintHandoff: "选择日期和住客后，即可在任一酒店页面查看{site}上的价格。",
  stayHintNoHandoff: "仅提供酒店信息：本网站不显示价格，也不接受预订。浏览期间会保留您选择的日期和住客。",
  currencyHintConverted: "货币（{currency}）：以其他货币标示的费用会附上大致换算金额。",
  currencyHintLinks: "货币（{currency}）：用于指向搜索结果和附近地点的链接。",
  approxAmount: "≈ {amount}（约）",
  ratesNote: "大致换算采用{date}的欧元参考汇率。",
  signedOut: "您已退出登录。",
  // phone-first pages, the range calendar, results
  menuLabel: "语言和货币",
  searchEdit: "修改",
  stayAddDates: "添加日期",
  stayCalendar: "在日历上选择日期",
  stayPreviousMonth: "上个月",
  stayNextMonth: "下个月",
  stayChooseCheckIn: "请选择入住日期。",
  stayChooseCheckOut: "现在请选择退房日期。",
  stayClearDates: "清除日期",
  sortPopular: "人气",
  filters: "筛选",
  showMap: "显示地图",
  hideMap: "隐藏地图",
  pages: "页码",
  pageNumber: "第{n, number}页",
};

/** Every supported language's catalog (lib/locale SUPPORTED_LANGUAGES): a missing one does not compile. */
export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, de, fr, es, it, nl, pt, pl, sv, da, ja, zh };

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

/** Whether a message takes values: its English text has an argument (each language has the same ones). */
const takesValues = new Set(
  MESSAGE_KEYS.filter((k) =>
    compile(en[k], "en")
      .getAst()
      .some((el) => el.type !== TYPE.literal),
  ),
);

const cache = new Map<Language, Messages>();

/** The page words in a language: messages without values already formatted, the others ready to format. */
export function messages(language: Language): Messages {
  let m = cache.get(language);
  if (!m) {
    const catalog = CATALOGS[language];
    const built: Record<string, string | Message> = {};
    for (const key of MESSAGE_KEYS) {
      const icu = catalog[key];
      built[key] = takesValues.has(key) ? { locale: language, icu } : String(compile(icu, language).format());
    }
    m = built as unknown as Messages;
    cache.set(language, m);
  }
  return m;
}

/** Names of the place categories (spec §4.1) in a language. */
export function categoryLabels(language: Language): Record<string, string> {
  const m = messages(language);
  return Object.fromEntries(PLACE_CATEGORIES.map((c) => [c, format(m.placeCategory, { type: c, label: c })]));
}

/** "1 hotel", "12 hotels", "1.234 Hotels": the count in the language's digits and the noun in its plural form. */
export function hotelCount(m: Messages, n: number): string {
  return format(m.hotels, { count: n });
}
