/**
 * The demo's curated landmarks and tourist regions, so that every category exists without an operator's GeoNames
 * dump. Coordinates are the well-known public positions (OpenStreetMap / Wikipedia); names in other languages where
 * they differ from the English one. A tourist region carries the radius its hotel count uses.
 */
export interface CuratedPlace {
  key: string;
  name: string;
  names?: Record<string, string>;
  country: string;
  lat: number;
  lon: number;
  radiusKm?: number;
}

const l = (
  key: string,
  name: string,
  country: string,
  lat: number,
  lon: number,
  names?: Record<string, string>,
): CuratedPlace => ({ key, name, country, lat, lon, names });

export const CURATED_LANDMARKS: CuratedPlace[] = [
  l("eiffel-tower", "Eiffel Tower", "FR", 48.8584, 2.2945, {
    de: "Eiffelturm",
    fr: "Tour Eiffel",
    es: "Torre Eiffel",
    it: "Torre Eiffel",
    nl: "Eiffeltoren",
  }),
  l("louvre", "Louvre Museum", "FR", 48.8606, 2.3376, {
    de: "Louvre",
    fr: "Musée du Louvre",
    es: "Museo del Louvre",
    it: "Museo del Louvre",
  }),
  l("notre-dame-paris", "Notre-Dame de Paris", "FR", 48.853, 2.3499),
  l("arc-de-triomphe", "Arc de Triomphe", "FR", 48.8738, 2.295, {
    es: "Arco del Triunfo",
    it: "Arco di Trionfo",
    de: "Triumphbogen",
  }),
  l("sacre-coeur", "Sacré-Cœur Basilica", "FR", 48.8867, 2.3431, { fr: "Basilique du Sacré-Cœur", de: "Sacré-Cœur" }),
  l("promenade-des-anglais", "Promenade des Anglais", "FR", 43.6951, 7.2653),
  l("basilica-fourviere", "Basilica of Notre-Dame de Fourvière", "FR", 45.7623, 4.8227, {
    fr: "Basilique Notre-Dame de Fourvière",
  }),
  l("tower-of-london", "Tower of London", "GB", 51.5081, -0.0759, {
    de: "Tower of London",
    fr: "Tour de Londres",
    es: "Torre de Londres",
    it: "Torre di Londra",
  }),
  l("big-ben", "Big Ben", "GB", 51.5007, -0.1246),
  l("british-museum", "British Museum", "GB", 51.5194, -0.127, {
    fr: "British Museum",
    es: "Museo Británico",
    it: "British Museum",
  }),
  l("buckingham-palace", "Buckingham Palace", "GB", 51.5014, -0.1419, {
    de: "Buckingham Palace",
    fr: "Palais de Buckingham",
    es: "Palacio de Buckingham",
    it: "Buckingham Palace",
  }),
  l("edinburgh-castle", "Edinburgh Castle", "GB", 55.9486, -3.1999, {
    de: "Edinburgh Castle",
    fr: "Château d'Édimbourg",
    es: "Castillo de Edimburgo",
    it: "Castello di Edimburgo",
  }),
  l("brandenburg-gate", "Brandenburg Gate", "DE", 52.5163, 13.3777, {
    de: "Brandenburger Tor",
    fr: "Porte de Brandebourg",
    es: "Puerta de Brandeburgo",
    it: "Porta di Brandeburgo",
    nl: "Brandenburger Tor",
  }),
  l("reichstag", "Reichstag Building", "DE", 52.5186, 13.3762, {
    de: "Reichstagsgebäude",
    fr: "Palais du Reichstag",
    es: "Edificio del Reichstag",
    it: "Palazzo del Reichstag",
  }),
  l("nymphenburg-palace", "Nymphenburg Palace", "DE", 48.1583, 11.5033, {
    de: "Schloss Nymphenburg",
    fr: "Château de Nymphenburg",
    es: "Palacio de Nymphenburg",
    it: "Castello di Nymphenburg",
  }),
  l("elbphilharmonie", "Elbphilharmonie", "DE", 53.5413, 9.9841),
  l("royal-palace-madrid", "Royal Palace of Madrid", "ES", 40.418, -3.7143, {
    es: "Palacio Real de Madrid",
    de: "Königspalast Madrid",
    fr: "Palais royal de Madrid",
    it: "Palazzo Reale di Madrid",
  }),
  l("prado-museum", "Prado Museum", "ES", 40.4138, -3.6921, {
    es: "Museo del Prado",
    de: "Museo del Prado",
    fr: "Musée du Prado",
    it: "Museo del Prado",
  }),
  l("sagrada-familia", "Sagrada Família", "ES", 41.4036, 2.1744, { es: "Sagrada Familia" }),
  l("park-guell", "Park Güell", "ES", 41.4145, 2.1527, { es: "Parque Güell" }),
  l("seville-cathedral", "Seville Cathedral", "ES", 37.3858, -5.9931, {
    es: "Catedral de Sevilla",
    de: "Kathedrale von Sevilla",
    fr: "Cathédrale de Séville",
    it: "Cattedrale di Siviglia",
  }),
  l("colosseum", "Colosseum", "IT", 41.8902, 12.4922, {
    it: "Colosseo",
    de: "Kolosseum",
    fr: "Colisée",
    es: "Coliseo",
    nl: "Colosseum",
  }),
  l("trevi-fountain", "Trevi Fountain", "IT", 41.9009, 12.4833, {
    it: "Fontana di Trevi",
    de: "Trevi-Brunnen",
    fr: "Fontaine de Trevi",
    es: "Fontana de Trevi",
  }),
  l("pantheon-rome", "Pantheon", "IT", 41.8986, 12.4769, { it: "Pantheon", fr: "Panthéon", es: "Panteón de Agripa" }),
  l("st-peters-basilica", "St. Peter's Basilica", "VA", 41.9022, 12.4539, {
    it: "Basilica di San Pietro",
    de: "Petersdom",
    fr: "Basilique Saint-Pierre",
    es: "Basílica de San Pedro",
  }),
  l("st-marks-basilica", "St Mark's Basilica", "IT", 45.4345, 12.3397, {
    it: "Basilica di San Marco",
    de: "Markusdom",
    fr: "Basilique Saint-Marc",
    es: "Basílica de San Marcos",
  }),
  l("rialto-bridge", "Rialto Bridge", "IT", 45.438, 12.3359, {
    it: "Ponte di Rialto",
    de: "Rialtobrücke",
    fr: "Pont du Rialto",
    es: "Puente de Rialto",
  }),
  l("florence-cathedral", "Florence Cathedral", "IT", 43.7731, 11.256, {
    it: "Cattedrale di Santa Maria del Fiore",
    de: "Dom von Florenz",
    fr: "Cathédrale de Florence",
    es: "Catedral de Florencia",
  }),
  l("ponte-vecchio", "Ponte Vecchio", "IT", 43.768, 11.2531),
  l("uffizi", "Uffizi Gallery", "IT", 43.7678, 11.2553, {
    it: "Galleria degli Uffizi",
    de: "Uffizien",
    fr: "Galerie des Offices",
    es: "Galería Uffizi",
  }),
  l("milan-cathedral", "Milan Cathedral", "IT", 45.4642, 9.1916, {
    it: "Duomo di Milano",
    de: "Mailänder Dom",
    fr: "Cathédrale de Milan",
    es: "Catedral de Milán",
  }),
  l("rijksmuseum", "Rijksmuseum", "NL", 52.36, 4.8852),
  l("anne-frank-house", "Anne Frank House", "NL", 52.3752, 4.884, {
    nl: "Anne Frank Huis",
    de: "Anne-Frank-Haus",
    fr: "Maison d'Anne Frank",
    es: "Casa de Ana Frank",
    it: "Casa di Anna Frank",
  }),
  l("belem-tower", "Belém Tower", "PT", 38.6916, -9.216, {
    pt: "Torre de Belém",
    es: "Torre de Belém",
    fr: "Tour de Belém",
    de: "Torre de Belém",
  }),
  l("jeronimos-monastery", "Jerónimos Monastery", "PT", 38.6979, -9.2068, {
    pt: "Mosteiro dos Jerónimos",
    de: "Hieronymitenkloster",
    fr: "Monastère des Hiéronymites",
    es: "Monasterio de los Jerónimos",
  }),
  l("dom-luis-bridge", "Dom Luís I Bridge", "PT", 41.1399, -8.6094, { pt: "Ponte Luís I" }),
  l("schonbrunn-palace", "Schönbrunn Palace", "AT", 48.1845, 16.3122, {
    de: "Schloss Schönbrunn",
    fr: "Château de Schönbrunn",
    es: "Palacio de Schönbrunn",
    it: "Castello di Schönbrunn",
  }),
  l("st-stephens-cathedral", "St. Stephen's Cathedral", "AT", 48.2085, 16.3731, {
    de: "Stephansdom",
    fr: "Cathédrale Saint-Étienne de Vienne",
    es: "Catedral de San Esteban",
    it: "Duomo di Santo Stefano",
  }),
  l("charles-bridge", "Charles Bridge", "CZ", 50.0865, 14.4114, {
    de: "Karlsbrücke",
    fr: "Pont Charles",
    es: "Puente de Carlos",
    it: "Ponte Carlo",
  }),
  l("prague-castle", "Prague Castle", "CZ", 50.0911, 14.4016, {
    de: "Prager Burg",
    fr: "Château de Prague",
    es: "Castillo de Praga",
    it: "Castello di Praga",
  }),
  l("hungarian-parliament", "Hungarian Parliament Building", "HU", 47.5071, 19.0456, {
    de: "Parlamentsgebäude Budapest",
    fr: "Parlement hongrois",
    es: "Parlamento de Hungría",
    it: "Palazzo del Parlamento ungherese",
  }),
  l("tivoli-gardens", "Tivoli Gardens", "DK", 55.6737, 12.5681, {
    da: "Tivoli",
    de: "Tivoli",
    fr: "Jardins de Tivoli",
    es: "Jardines de Tivoli",
  }),
  l("little-mermaid", "The Little Mermaid", "DK", 55.6929, 12.5993, {
    da: "Den lille Havfrue",
    de: "Kleine Meerjungfrau",
    fr: "La Petite Sirène",
    es: "La Sirenita",
    it: "La Sirenetta",
  }),
  l("vasa-museum", "Vasa Museum", "SE", 59.328, 18.0914, {
    sv: "Vasamuseet",
    de: "Vasa-Museum",
    fr: "Musée Vasa",
    es: "Museo Vasa",
  }),
  l("oslo-opera-house", "Oslo Opera House", "NO", 59.9075, 10.7531, { de: "Opernhaus Oslo", fr: "Opéra d'Oslo" }),
  l("trinity-college-dublin", "Trinity College Dublin", "IE", 53.3438, -6.2546),
  l("acropolis", "Acropolis of Athens", "GR", 37.9715, 23.7257, {
    de: "Akropolis",
    fr: "Acropole d'Athènes",
    es: "Acrópolis de Atenas",
    it: "Acropoli di Atene",
  }),
  l("hagia-sophia", "Hagia Sophia", "TR", 41.0086, 28.9802, {
    fr: "Sainte-Sophie",
    es: "Santa Sofía",
    it: "Santa Sofia",
  }),
  l("jet-d-eau", "Jet d'Eau", "CH", 46.2074, 6.1557),
  l("grand-place", "Grand-Place", "BE", 50.8467, 4.3525, { nl: "Grote Markt", de: "Grand-Place" }),
  l("atomium", "Atomium", "BE", 50.8949, 4.3415),
  l("palace-of-culture-warsaw", "Palace of Culture and Science", "PL", 52.2318, 21.0059, {
    pl: "Pałac Kultury i Nauki",
    de: "Kulturpalast",
  }),
  l("wawel-castle", "Wawel Castle", "PL", 50.054, 19.9354, { pl: "Zamek Królewski na Wawelu", de: "Wawel" }),
  l("statue-of-liberty", "Statue of Liberty", "US", 40.6892, -74.0445, {
    de: "Freiheitsstatue",
    fr: "Statue de la Liberté",
    es: "Estatua de la Libertad",
    it: "Statua della Libertà",
  }),
  l("empire-state-building", "Empire State Building", "US", 40.7484, -73.9857),
  l("times-square", "Times Square", "US", 40.758, -73.9855),
  l("golden-gate-bridge", "Golden Gate Bridge", "US", 37.8199, -122.4783, { es: "Puente Golden Gate" }),
  l("hollywood-sign", "Hollywood Sign", "US", 34.1341, -118.3215, { es: "Letrero de Hollywood" }),
  l("willis-tower", "Willis Tower", "US", 41.8789, -87.6359),
  l("cn-tower", "CN Tower", "CA", 43.6426, -79.3871, { fr: "Tour CN" }),
  l("palacio-bellas-artes", "Palacio de Bellas Artes", "MX", 19.4352, -99.1412),
  l("christ-the-redeemer", "Christ the Redeemer", "BR", -22.9519, -43.2105, {
    pt: "Cristo Redentor",
    es: "Cristo Redentor",
    de: "Cristo Redentor",
    fr: "Christ Rédempteur",
  }),
  l("obelisco-buenos-aires", "Obelisco de Buenos Aires", "AR", -34.6037, -58.3816),
  l("tokyo-tower", "Tokyo Tower", "JP", 35.6586, 139.7454, { ja: "東京タワー" }),
  l("senso-ji", "Sensō-ji", "JP", 35.7148, 139.7967, { ja: "浅草寺" }),
  l("kinkaku-ji", "Kinkaku-ji", "JP", 35.0394, 135.7292, { ja: "金閣寺" }),
  l("fushimi-inari", "Fushimi Inari-taisha", "JP", 34.9671, 135.7727, { ja: "伏見稲荷大社" }),
  l("gyeongbokgung", "Gyeongbokgung Palace", "KR", 37.5796, 126.977),
  l("grand-palace-bangkok", "Grand Palace", "TH", 13.75, 100.4913, {
    de: "Großer Palast",
    fr: "Grand Palais",
    es: "Gran Palacio",
  }),
  l("marina-bay-sands", "Marina Bay Sands", "SG", 1.2834, 103.8607),
  l("burj-khalifa", "Burj Khalifa", "AE", 25.1972, 55.2744),
  l("jemaa-el-fnaa", "Jemaa el-Fnaa", "MA", 31.6258, -7.9891),
  l("table-mountain", "Table Mountain", "ZA", -33.9628, 18.4098, {
    de: "Tafelberg",
    fr: "Montagne de la Table",
    es: "Montaña de la Mesa",
  }),
  l("sydney-opera-house", "Sydney Opera House", "AU", -33.8568, 151.2153, {
    de: "Opernhaus Sydney",
    fr: "Opéra de Sydney",
    es: "Ópera de Sídney",
    it: "Teatro dell'Opera di Sydney",
  }),
  l("sky-tower-auckland", "Sky Tower", "NZ", -36.8485, 174.7622),
  l("hallgrimskirkja", "Hallgrímskirkja", "IS", 64.1417, -21.9266),
];

const r = (
  key: string,
  name: string,
  country: string,
  lat: number,
  lon: number,
  radiusKm: number,
  names?: Record<string, string>,
): CuratedPlace => ({ key, name, country, lat, lon, radiusKm, names });

export const CURATED_TOURIST_REGIONS: CuratedPlace[] = [
  r("french-riviera", "French Riviera", "FR", 43.6, 7.1, 50, {
    fr: "Côte d'Azur",
    de: "Côte d'Azur",
    es: "Costa Azul",
    it: "Costa Azzurra",
  }),
  r("loire-valley", "Loire Valley", "FR", 47.3, 0.7, 80, {
    fr: "Val de Loire",
    de: "Loiretal",
    es: "Valle del Loira",
    it: "Valle della Loira",
  }),
  r("tuscany", "Tuscany", "IT", 43.35, 11.0, 90, { it: "Toscana", de: "Toskana", fr: "Toscane", es: "Toscana" }),
  r("amalfi-coast", "Amalfi Coast", "IT", 40.633, 14.6, 20, {
    it: "Costiera Amalfitana",
    de: "Amalfiküste",
    fr: "Côte amalfitaine",
    es: "Costa Amalfitana",
  }),
  r("costa-del-sol", "Costa del Sol", "ES", 36.6, -4.6, 70),
  r("algarve", "Algarve", "PT", 37.1, -8.2, 80),
  r("bavarian-alps", "Bavarian Alps", "DE", 47.6, 11.2, 60, {
    de: "Bayerische Alpen",
    fr: "Alpes bavaroises",
    es: "Alpes bávaros",
    it: "Alpi bavaresi",
  }),
  r("cotswolds", "Cotswolds", "GB", 51.9, -1.8, 40),
  r("manhattan", "Manhattan", "US", 40.7831, -73.9712, 10),
  r("central-park", "Central Park", "US", 40.7812, -73.9665, 2),
  r("hollywood", "Hollywood", "US", 34.0928, -118.3287, 5),
  r("las-vegas-strip", "Las Vegas Strip", "US", 36.1147, -115.1728, 5),
  r("south-beach", "South Beach", "US", 25.7826, -80.1341, 4),
  r("stanley-park", "Stanley Park", "CA", 49.3043, -123.1443, 3),
  r("riviera-maya", "Riviera Maya", "MX", 20.6, -87.1, 80),
  r("copacabana", "Copacabana", "BR", -22.9711, -43.1822, 3),
  r("arashiyama", "Arashiyama", "JP", 35.0094, 135.6668, 4, { ja: "嵐山" }),
  r("patong-beach", "Patong Beach", "TH", 7.8964, 98.2965, 4),
  r("ubud", "Ubud", "ID", -8.5069, 115.2625, 10),
  r("sentosa", "Sentosa", "SG", 1.2494, 103.8303, 3),
  r("dubai-marina", "Dubai Marina", "AE", 25.0805, 55.1403, 3),
  r("bondi-beach", "Bondi Beach", "AU", -33.8915, 151.2767, 3),
];

/**
 * Names in other languages of well-known cities (the bundled cities1000 data carries no alternate names; an
 * imported GeoNames dump brings them all). Matched by country and GeoNames name; aliases are found, never shown.
 */
export const CURATED_CITY_NAMES: {
  country: string;
  name: string;
  names: Record<string, string>;
  aliases?: string[];
}[] = [
  { country: "ES", name: "Sevilla", names: { en: "Seville", fr: "Séville", it: "Siviglia", pt: "Sevilha" } },
  { country: "DE", name: "Köln", names: { en: "Cologne", fr: "Cologne", it: "Colonia", es: "Colonia", nl: "Keulen" } },
  { country: "DE", name: "Munich", names: { de: "München", it: "Monaco di Baviera", es: "Múnich", nl: "München" } },
  { country: "AT", name: "Vienna", names: { de: "Wien", fr: "Vienne", es: "Viena", nl: "Wenen" } },
  { country: "CZ", name: "Prague", names: { de: "Prag", it: "Praga", es: "Praga", pl: "Praga" }, aliases: ["Praha"] },
  { country: "IT", name: "Rome", names: { it: "Roma", de: "Rom", es: "Roma", pt: "Roma", nl: "Rome" } },
  { country: "IT", name: "Naples", names: { it: "Napoli", de: "Neapel", es: "Nápoles", pt: "Nápoles" } },
  { country: "IT", name: "Florence", names: { it: "Firenze", de: "Florenz", es: "Florencia", pt: "Florença" } },
  { country: "IT", name: "Venice", names: { it: "Venezia", de: "Venedig", fr: "Venise", es: "Venecia", pt: "Veneza" } },
  { country: "IT", name: "Milan", names: { it: "Milano", de: "Mailand", es: "Milán", pt: "Milão" } },
  { country: "IT", name: "Turin", names: { it: "Torino", es: "Turín", pt: "Turim" } },
  {
    country: "PT",
    name: "Lisbon",
    names: { pt: "Lisboa", de: "Lissabon", fr: "Lisbonne", es: "Lisboa", it: "Lisbona" },
  },
  {
    country: "BE",
    name: "Brussels",
    names: { fr: "Bruxelles", nl: "Brussel", de: "Brüssel", es: "Bruselas", it: "Bruxelles" },
  },
  {
    country: "PL",
    name: "Warsaw",
    names: { pl: "Warszawa", de: "Warschau", fr: "Varsovie", es: "Varsovia", it: "Varsavia" },
  },
  {
    country: "DK",
    name: "Copenhagen",
    names: { da: "København", de: "Kopenhagen", fr: "Copenhague", es: "Copenhague" },
  },
  { country: "GR", name: "Athens", names: { de: "Athen", fr: "Athènes", es: "Atenas", it: "Atene" } },
  { country: "CH", name: "Genève", names: { en: "Geneva", fr: "Genève", de: "Genf", it: "Ginevra", es: "Ginebra" } },
  { country: "CH", name: "Zürich", names: { en: "Zurich", fr: "Zurich", it: "Zurigo", es: "Zúrich" } },
  { country: "JP", name: "Tokyo", names: { ja: "東京", zh: "东京" } },
  { country: "JP", name: "Kyoto", names: { ja: "京都", zh: "京都" } },
];
