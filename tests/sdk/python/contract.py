"""The TypeScript SDK's contract cases (tests/sdk/client.test.ts), run against a live server with the
wheel installed from it into a fresh virtual environment (tests/sdk/clients.test.ts starts both)."""

import asyncio
import json
import os
import time
import unittest

import statline
from statline import AsyncStatline, RetryOptions, Statline, StatlineError

BASE = os.environ["STATLINE_BASE_URL"]
KEY = os.environ["KEY"]


def client(**kw):
    return Statline(BASE, kw.pop("api_key", KEY), **kw)


class Paging(unittest.TestCase):
    def test_offset_paging_to_the_end_visits_every_person_once(self):
        expected = json.loads(os.environ["EXPECTED_PERSONS"])
        ids = [p["id"] for p in client().paginate("/v1/persons", limit=7)]
        self.assertEqual(len(ids), len(set(ids)))
        self.assertEqual(sorted(ids, key=int), expected)

    def test_a_limit_above_the_maximum_is_clamped_and_still_visits_every_row_once(self):
        ids = [p["id"] for p in client().paginate("/v1/persons", limit=100000)]
        self.assertEqual(sorted(ids, key=int), json.loads(os.environ["EXPECTED_PERSONS"]))

    def test_breaking_out_stops_fetching(self):
        seen = []
        c = client()
        original = c._get
        c._get = lambda path, query: seen.append(query) or original(path, query)
        for _ in c.paginate("/v1/persons", limit=2):
            break
        self.assertEqual(len(seen), 1)

    def test_cursor_loop_over_odds_history_has_no_duplicates(self):
        path = f"/v1/contests/{os.environ['ODDS_CONTEST']}/odds/history"
        pages = list(client().pages(path, limit=50))
        self.assertGreater(len(pages), 1)
        points = [json.dumps(p, sort_keys=True) for page in pages for p in page["data"]["items"]]
        self.assertEqual(len(points), len(set(points)))
        self.assertIsNone(pages[-1]["data"]["next_cursor"])
        self.assertEqual(len(points), int(os.environ["ODDS_POINTS"]))

    def test_the_change_feed_ends_at_the_newest_change_and_its_cursor_resumes_there(self):
        feed = client().changes(limit=37)
        ids = [int(c["id"]) for c in feed]
        self.assertEqual(ids, sorted(set(ids)))
        self.assertLessEqual(set(json.loads(os.environ["EXPECTED_CHANGES"])), set(ids))
        self.assertGreater(len(ids), 37 * 2)
        self.assertIsNotNone(feed.cursor)
        self.assertEqual(list(client().changes(feed.cursor)), [])

    def test_typed_generated_methods(self):
        body = client().get_persons(q="mbappe")
        self.assertGreater(body["data"]["total"], 0)
        self.assertEqual(body["meta"]["version"], statline.API_VERSION)
        one = client().get_persons_by_id(body["data"]["items"][0]["id"])
        self.assertEqual(one["data"]["id"], body["data"]["items"][0]["id"])

    def test_the_asyncio_client_pages_the_same_rows(self):
        async def run():
            async with AsyncStatline(BASE, KEY) as c:
                first = await c.get_teams(limit=3)
                ids = [t["id"] async for t in c.paginate("/v1/teams", limit=3)]
                return first, ids

        first, ids = asyncio.run(run())
        self.assertEqual(len(ids), first["data"]["total"])
        self.assertEqual(len(ids), len(set(ids)))


class Errors(unittest.TestCase):
    def test_401_is_reported_with_code_message_status_and_request_id(self):
        bad = "sk_test_" + "A" * 32
        with self.assertRaises(StatlineError) as caught:
            client(api_key=bad).get("/v1/competitions")
        e = caught.exception
        self.assertEqual((e.code, e.status, e.message), ("UNAUTHORIZED", 401, "Invalid API key"))
        self.assertTrue(e.request_id)
        self.assertFalse(e.retryable)
        with self.assertRaises(StatlineError) as none:
            client(api_key="").get("/v1/competitions")
        self.assertEqual(none.exception.message, "API key required")

    def test_a_400_names_the_parameter_and_is_not_retried(self):
        retries = []
        with self.assertRaises(StatlineError) as caught:
            client(retry=RetryOptions(on_retry=retries.append)).get("/v1/persons", limit=0)
        self.assertEqual(caught.exception.code, "INVALID_PARAMETER")
        self.assertEqual(retries, [])

    def test_a_real_429_is_retried_after_its_retry_after_and_then_succeeds(self):
        free = os.environ["FREE_KEY"]
        retries = []
        c = client(api_key=free, retry=RetryOptions(on_retry=retries.append))
        with self.assertRaises(StatlineError) as spent:
            for _ in range(5):
                client(api_key=free, retry=None).get("/v1/competitions")
        self.assertEqual(spent.exception.code, "RATE_LIMITED")
        wait = spent.exception.retry_after
        self.assertGreaterEqual(wait, 1)
        started = time.monotonic()
        body = c.get("/v1/competitions")
        self.assertGreater(len(body["data"]["items"]), 0)
        self.assertGreaterEqual(len(retries), 1)
        self.assertEqual(retries[0].status, 429)
        self.assertGreaterEqual(time.monotonic() - started, retries[0].delay_s - 0.05)


class LiveAndSandbox(unittest.TestCase):
    def test_the_stream_resumes_after_last_event_id(self):
        feed = [c["id"] for c in client().changes(limit=1000)]
        got = []
        for change in client().stream(last_event_id=feed[0], max_reconnects=0):
            got.append(change["id"])
            if len(got) == 3:
                break
        self.assertEqual(got, feed[1:4])

    def test_a_replay_reaches_the_stream_marked_with_its_id_and_can_be_cancelled(self):
        c = client()
        replay = c.replays.start(os.environ["FINISHED_CONTEST"], speed=60)
        self.assertEqual(replay["status"], "running")
        self.assertIn(replay["id"], [r["id"] for r in c.replays.list()])
        newest = list(c.changes(limit=1000))
        last = newest[-1]["id"] if newest else None
        found = None
        for change in c.stream(last_event_id=last, max_reconnects=0, read_timeout=30):
            if change.get("replay", {}).get("id") == replay["id"]:
                found = change
                break
        self.assertIsNotNone(found)
        self.assertEqual(found["contest_id"], os.environ["FINISHED_CONTEST"])
        self.assertEqual(c.replays.cancel(replay["id"])["status"], "cancelled")
        self.assertEqual(c.replays.get(replay["id"])["status"], "cancelled")


if __name__ == "__main__":
    unittest.main(verbosity=2)
