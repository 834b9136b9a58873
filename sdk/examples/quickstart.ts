import { createClient, StatlineError } from "@statline/sdk";

const statline = createClient(); // key and server: STATLINE_API_KEY / STATLINE_BASE_URL, or `statline login`
try {
  const { data } = await statline.get("/v1/persons", { params: { query: { q: "mbappe" } } });
  console.log(`${data.total} persons match "mbappe"; first: ${data.items[0]?.name}`);
  for await (const team of statline.paginate("/v1/teams")) console.log(team.id, team.name);
} catch (err) {
  if (!(err instanceof StatlineError)) throw err;
  console.error(`${err.code}: ${err.message} (request ${err.requestId})`);
}
