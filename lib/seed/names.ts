import type { Rng } from "./rng";

// Realistic multi-national names, accents included on purpose: search (?q=) must find
// "Mbappé" for "mbappe" and "Ødegaard" for "odegaard".
const list = (s: string) => s.trim().split(/\s*,\s*/);

interface Nation {
  code: string;
  country: string;
  first: string[];
  last: string[];
}

export const NATIONS: Nation[] = [
  {
    code: "ENG",
    country: "England",
    first: list(
      "Harvey, Luke, Joe, Ryan, Danny, Lewis, Adam, Elliot, Nathan, Charlie, Harry, Jack, Oliver, George, James, Tom, Callum, Declan, Jordan, Marcus, Kieran, Mason, Reece, Jude, Bukayo, Phil, Conor, Ollie, Aaron, Ben",
    ),
    last: list(
      "Clarke, Barnes, Walton, Ashworth, Fletcher, Hughes, Lambert, Morgan, Price, Turner, Smith, Walker, Stones, Henderson, Rice, Foden, Saka, Palmer, Trippier, Maguire, Watkins, Pickford, Gallagher, Mount, Bowen, Toney, Ramsdale, Shaw, Wharton, Gordon",
    ),
  },
  {
    code: "FRA",
    country: "France",
    first: list(
      "Bastien, Florian, Jérémy, Mathis, Sacha, Timothée, Anthony, Yoann, Adrien, Baptiste, Kylian, Antoine, Jérôme, Olivier, Théo, Aurélien, Eduardo, Benjamin, Lucas, Ousmane, Mathéo, Raphaël, Clément, Hugo, Loïc, Jules, Désiré, Maël, Rayan, Noé",
    ),
    last: list(
      "Lefèvre, Rousseau, Mercier, Bérenger, Chevalier, Faure, Gautier, Lemoine, Roché, Vidal, Mbappé, Griezmann, Giroud, Hernández, Tchouaméni, Camavinga, Pavard, Dembélé, Koundé, Saliba, Maignan, Rabiot, Lemaréchal, Doué, Kanté, Lacazette, Guendouzi, Thuram, Digne, Fofana",
    ),
  },
  {
    code: "ESP",
    country: "Spain",
    first: list(
      "Borja, Sergi, Joaquín, Andrés, Marcos, Óscar, Rubén, Víctor, Adrián, Julián, Álvaro, Íñigo, Sergio, Pedro, Rodrigo, Dani, Ferran, Mikel, Nacho, Pau, Álex, Martín, Unai, Gavi, Fermín, Aitor, Iñaki, Jesús, Nicolás, Raúl",
    ),
    last: list(
      "Sánchez, Navarro, Domínguez, Castillo, Ibáñez, Márquez, Núñez, Ortega, Serrano, Vázquez, Morata, Martínez, Ramos, González, Hernández, Olmo, Torres, Oyarzabal, Fernández, Cubarsí, Baena, Zubimendi, Simón, López, Muñoz, Peña, Yamal, Carvajal, Merino, Güler",
    ),
  },
  {
    code: "GER",
    country: "Germany",
    first: list(
      "Niklas, Tim, Julian, Kevin, Dominik, Jannik, Moritz, Lennart, Paul, Yannick, Thomas, Manuel, Joshua, Leon, Kai, Florian, Jamal, Antonio, Marc-André, Niclas, İlkay, Jürgen, Timo, Leroy, Maximilian, Jonas, Felix, Lukas, Robin, Benedikt",
    ),
    last: list(
      "Schäfer, Wagner, Becker, Hoffmann, Krüger, Lehmann, Schulz, Vogel, Zimmermann, Brückner, Müller, Neuer, Kimmich, Goretzka, Havertz, Wirtz, Musiala, Rüdiger, ter Stegen, Füllkrug, Gündoğan, Schröder, Sané, Mittelstädt, Hofmann, Baumgartl, Weiß, Köhler, Groß, Süle",
    ),
  },
  {
    code: "ITA",
    country: "Italy",
    first: list(
      "Luca, Marco, Gianluca, Fabio, Emanuele, Nicola, Vincenzo, Daniele, Francesco, Raffaele, Gianluigi, Federico, Nicolò, Lorenzo, Alessandro, Sandro, Giacomo, Davide, Matteo, Riccardo, Andrea, Simone, Ciro, Moise, Giovanni, Stefano, Mattia, Pietro, Salvatore, Tommaso",
    ),
    last: list(
      "Rossi, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Donnarumma, Chiesa, Barella, Pellegrini, Bastoni, Tonali, Raspadori, Frattesi, Politano, Calafiori, Di Lorenzo, Scamacca, Immobile, Kean, Retegui, Buongiorno, Cambiaso, Dimarco, Locatelli, Zaccagni",
    ),
  },
  {
    code: "POR",
    country: "Portugal",
    first: list(
      "Rodrigo, Fábio, Hélder, Sérgio, Luís, Miguel, Ricardo, Rui, Vasco, Simão, João, Cristiano, Bernardo, Rúben, Diogo, Gonçalo, Rafael, Vitinha, Nuno, Pedro, António, Francisco, Otávio, Matheus, José, Tiago, Renato, Danilo, Inácio, Bruno",
    ),
    last: list(
      "Costa, Pereira, Oliveira, Martins, Sousa, Rodrigues, Lopes, Carvalho, Teixeira, Moreira, Félix, Ronaldo, Silva, Dias, Jota, Ramos, Leão, Mendes, Neves, Cancelo, Fernandes, Conceição, Palhinha, Patrício, Inácio, Gonçalves, Trincão, Sá, Guedes, Veiga",
    ),
  },
  {
    code: "NOR",
    country: "Norway",
    first: list(
      "Magnus, Eirik, Sindre, Vegard, Torbjørn, Even, Sivert, Tobias, Mathias, Emil, Martin, Erling, Sander, Kristoffer, Jørgen, Ørjan, Håkon, Fredrik, Leo, Oscar, Morten, Stian, Marius, Aron, Jens, Birger, Ståle, Åsmund, Henrik, Øyvind",
    ),
    last: list(
      "Johansen, Hansen, Olsen, Kristiansen, Berg, Haugen, Dahl, Lie, Nygård, Bakke, Ødegaard, Haaland, Berge, Ajer, Strand Larsen, Nyland, Sørloth, Østigård, Aursnes, Bobb, Thorsby, Ryerson, Nusa, Hauge, Bjørkan, Solbakken, Pedersen, Sæter, Møller, Aasgaard",
    ),
  },
  {
    code: "SWE",
    country: "Sweden",
    first: list(
      "Zlatan, Viktor, Alexander, Dejan, Emil, Björn, Sebastian, Ludwig, Jesper, Anton, Gustav, Hjalmar, Isak, Linus, Måns, Elliot, Olle, Pär, Samuel, Yasin",
    ),
    last: list(
      "Ibrahimović, Gyökeres, Isak, Kulusevski, Forsberg, Lindelöf, Åkesson, Augustinsson, Karlström, Nilsson, Svensson, Holm, Ekdal, Elanga, Bergvall, Hien, Ståhl, Lagerbielke, Sjöberg, Gudmundsson",
    ),
  },
  {
    code: "POL",
    country: "Poland",
    first: list(
      "Robert, Wojciech, Piotr, Łukasz, Jakub, Kamil, Grzegorz, Przemysław, Bartosz, Mateusz, Sebastian, Krzysztof, Jan, Paweł, Michał, Karol, Damian, Szymon, Nicola, Tymoteusz",
    ),
    last: list(
      "Lewandowski, Szczęsny, Zieliński, Piszczek, Błaszczykowski, Glik, Krychowiak, Bednarek, Kiwior, Świderski, Moder, Frankowski, Skóraś, Zalewski, Puchacz, Wiśniewski, Kamiński, Urbański, Dawidowicz, Bułka",
    ),
  },
  {
    code: "BRA",
    country: "Brazil",
    first: list(
      "Vinícius, Rodrygo, Gabriel, Lucas, Thiago, Éder, Marquinhos, Bruno, André, Matheus, João, Raphinha, Endrick, Savinho, Estêvão, Gérson, Wesley, Caio, Luiz, Antônio",
    ),
    last: list(
      "Júnior, Goes, Jesus, Paquetá, Silva, Militão, Guimarães, Ederson, Alisson, Magalhães, Martinelli, Cunha, Araújo, Conceição, Gonçalves, Sávio, Brandão, Figueiredo, Nascimento, Ribeiro",
    ),
  },
  {
    code: "ARG",
    country: "Argentina",
    first: list(
      "Lionel, Ángel, Julián, Lautaro, Enzo, Alexis, Rodrigo, Nicolás, Emiliano, Cristian, Nahuel, Giovani, Leandro, Facundo, Germán, Marcos, Valentín, Agustín, Exequiel, Thiago",
    ),
    last: list(
      "Messi, Di María, Álvarez, Martínez, Fernández, Mac Allister, De Paul, Otamendi, Romero, Molina, Lo Celso, Paredes, Acuña, Pezzella, Garnacho, Almada, Barco, Palacios, Simeone, Domínguez",
    ),
  },
  {
    code: "CRO",
    country: "Croatia",
    first: list(
      "Luka, Ivan, Mateo, Joško, Marcelo, Andrej, Dominik, Josip, Mario, Borna, Lovro, Nikola, Bruno, Martin, Duje, Ante, Petar, Marko, Domagoj, Igor",
    ),
    last: list(
      "Modrić, Perišić, Kovačić, Gvardiol, Brozović, Kramarić, Livaković, Stanišić, Šutalo, Pašalić, Majer, Vlašić, Sučić, Baturina, Budimir, Ćaleta-Car, Erlić, Jakić, Pongračić, Sosa",
    ),
  },
  {
    code: "TUR",
    country: "Türkiye",
    first: list(
      "Arda, Hakan, Kerem, Çağlar, Orkun, Ferdi, Barış, Kenan, Merih, Zeki, Abdülkerim, Mert, Salih, Uğurcan, Yunus, Semih, Kaan, Emre, Cengiz, Oğuz",
    ),
    last: list(
      "Güler, Çalhanoğlu, Aktürkoğlu, Söyüncü, Kökçü, Kadıoğlu, Yılmaz, Demiral, Çelik, Bardakcı, Günok, Özcan, Akaydin, Kabak, Ayhan, Ünder, Müldür, Akgün, Kılıçsoy, Aydın",
    ),
  },
  {
    code: "NED",
    country: "Netherlands",
    first: list(
      "Virgil, Frenkie, Cody, Memphis, Denzel, Matthijs, Xavi, Tijjani, Joey, Jurriën, Stefan, Nathan, Teun, Wout, Donyell, Jeremie, Bart, Micky, Quinten, Brian",
    ),
    last: list(
      "van Dijk, de Jong, Gakpo, Depay, Dumfries, de Ligt, Simons, Reijnders, Veerman, Timber, de Vrij, Aké, Koopmeiners, Weghorst, Malen, Frimpong, Verbruggen, van de Ven, Maatsen, Brobbey",
    ),
  },
];

export function nation(code: string): Nation {
  const n = NATIONS.find((x) => x.code === code);
  if (!n) throw new Error(`unknown nation ${code}`);
  return n;
}

export function personName(rng: Rng, nat: Nation): { first: string; last: string } {
  return { first: rng.pick(nat.first), last: rng.pick(nat.last) };
}

/**
 * Hands out names avoiding repeats (and the featured names) while combinations last; at large
 * scales duplicates are allowed, as in real squads.
 */
export class NamePool {
  private used = new Set<string>(FEATURED_NAMES.map((n) => `${n.first} ${n.last}`));

  next(rng: Rng, nat: Nation): { first: string; last: string } {
    let name = personName(rng, nat);
    for (let i = 0; i < 12 && this.used.has(`${name.first} ${name.last}`); i++) name = personName(rng, nat);
    this.used.add(`${name.first} ${name.last}`);
    return name;
  }
}

/**
 * A few fixed names placed on the first generated players so search tests have known targets
 * whatever the scale.
 */
export const FEATURED_NAMES: Array<{ first: string; last: string; nat: string }> = [
  { first: "Kylian", last: "Mbappé", nat: "FRA" },
  { first: "Martin", last: "Ødegaard", nat: "NOR" },
  { first: "Jérôme", last: "Lemaréchal", nat: "FRA" },
  { first: "Łukasz", last: "Wiśniewski", nat: "POL" },
  { first: "Çağlar", last: "Söyüncü", nat: "TUR" },
  { first: "Íñigo", last: "Muñoz", nat: "ESP" },
  { first: "Björn", last: "Åkesson", nat: "SWE" },
  { first: "Thomas", last: "Müller", nat: "GER" },
];

/**
 * Fictional leagues. Club names avoid the bare FC/CF/SC/AC affixes that the importers' team
 * matching ignores, so a generated "Girona" club never merges with an imported "Girona FC".
 * Fields: name, country, nation code of most players, cities, club-name style.
 */
export interface LeagueTemplate {
  name: string;
  country: string;
  nat: string;
  cities: string[];
  prefixes: string[];
  suffixes: string[];
}

export const LEAGUES: LeagueTemplate[] = [
  {
    name: "Albion Premier League",
    country: "England",
    nat: "ENG",
    cities: list(
      "Ashford, Barrowby, Carlisle, Dunmore, Eastleigh, Falmouth, Grantham, Harrowgate, Ilkley, Kendal, Lowestoft, Marlow, Newbury, Oakham, Penrith, Redditch, Salisbury, Tamworth, Whitby, Yeovil, Bexhill, Crewe, Dorking, Epsom",
    ),
    prefixes: [],
    suffixes: list("United, City, Town, Rovers, Athletic, Wanderers, Albion, Borough"),
  },
  {
    name: "Liga Ibérica",
    country: "Spain",
    nat: "ESP",
    cities: list(
      "Cádiz, Logroño, Alcorcón, Córdoba, Múrcia, Málaga, León, Jaén, Ávila, Cáceres, Almería, Gijón, Vigo, Huesca, Lérida, Ourense, Girona, Albacete, Écija, Toledo, Segovia, Badajoz",
    ),
    prefixes: list("Real, Atlético, Deportivo, Racing, Sporting, Unión"),
    suffixes: list("Balompié, Club de Fútbol"),
  },
  {
    name: "Nordisk Eliteserie",
    country: "Norway",
    nat: "NOR",
    cities: list(
      "Tromsø, Bodø, Ålesund, Molde, Lillestrøm, Sarpsborg, Haugesund, Strømsgodset, Kristiansund, Sandefjord, Brann, Hamar, Fredrikstad, Kongsvinger, Mjøndalen, Sogndal, Åsane, Jerv, Ranheim, Raufoss, Skeid, Hødd",
    ),
    prefixes: list("IL, SK, FK"),
    suffixes: list("IF, BK, FK"),
  },
  {
    name: "Ligue Hexagone",
    country: "France",
    nat: "FRA",
    cities: list(
      "Nîmes, Orléans, Besançon, Béziers, Valence, Périgueux, Annecy, Créteil, Angoulême, Évian, Sète, Grenoble, Châteauroux, Colmar, Niort, Troyes, Dijon, Épinal, Laval, Rodez, Quevilly, Béthune",
    ),
    prefixes: list("Olympique, Stade, AS, Racing"),
    suffixes: list("Football Club, Athlétique"),
  },
  {
    name: "Bundesliga Süd",
    country: "Germany",
    nat: "GER",
    cities: list(
      "Würzburg, Fürth, Göppingen, Lübeck, Düren, Kärnten, Oberhausen, Saarbrücken, Münster, Osnabrück, Zwickau, Jena, Regensburg, Ingolstadt, Aalen, Offenbach, Koblenz, Ulm, Essen, Rödinghausen, Homburg, Tübingen",
    ),
    prefixes: list("SV, VfB, SpVgg, TSV, Eintracht"),
    suffixes: list("04, 1899, 05"),
  },
  {
    name: "Serie Azzurra",
    country: "Italy",
    nat: "ITA",
    cities: list(
      "Perugia, Ancona, Pescara, Lecce, Cesena, Modena, Padova, Vicenza, Brescia, Reggina, Taranto, Livorno, Trapani, Cosenza, Ternana, Bari, Foggia, Catanzaro, Avellino, Piacenza, Carrara, Forlì",
    ),
    prefixes: list("AC, US, SS, AS, Calcio"),
    suffixes: list("Calcio, 1905"),
  },
  {
    name: "Liga Lusitana",
    country: "Portugal",
    nat: "POR",
    cities: list(
      "Braga, Guimarães, Setúbal, Famalicão, Portimão, Estoril, Chaves, Arouca, Tondela, Viseu, Penafiel, Leiria, Covilhã, Olhão, Mafra, Feirense, Vizela, Barcelos, Amadora, Coimbra, Évora, Faro",
    ),
    prefixes: list("Sporting, Vitória, Académico, União, Desportivo"),
    suffixes: list("Sport Clube, Futebol Clube"),
  },
];
