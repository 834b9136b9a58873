/*
 * oload: an open-loop HTTP/1.1 load generator at a constant arrival rate, for the bench's
 * "p99 at half peak". Request i is due at start + i/rate whatever happened before it, and its
 * latency is counted from that due time, so time spent queued behind a slow answer counts
 * (coordinated omission corrected). Keep-alive connections, one request in flight per connection,
 * epoll, one thread: it costs a few µs of CPU per request, little beside the server under test.
 *
 * Usage: oload <host> <port> <rate/s> <seconds> <connections> <path> [header ...]
 * Prints one JSON line: {"requests","ok","non2xx","errors","rps","p50","p90","p99","p999","max"} (ms).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  int busy;
  double due;     /* due time of the request in flight, seconds */
  size_t need;    /* bytes of the response still expected, 0 = headers not complete */
  size_t have;
  char buf[65536];
  size_t sent;
} conn_t;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static struct sockaddr_in addr;
static char req[8192];
static size_t reqlen;

static int dial(int ep, conn_t *c) {
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(c->fd, (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS) return -1;
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
  return epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
}

static int fire(conn_t *c, double due) {
  c->busy = 1;
  c->due = due;
  c->need = 0;
  c->have = 0;
  ssize_t n = send(c->fd, req, reqlen, MSG_NOSIGNAL);
  /* Connecting sockets refuse the write with EAGAIN: retried by the caller's next pass. */
  if (n < 0) return errno == EAGAIN || errno == ENOTCONN ? 1 : -1;
  c->sent = (size_t)n;
  return n == (ssize_t)reqlen ? 0 : -1;
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: oload host port rate seconds connections path [header ...]\n");
    return 2;
  }
  double rate = atof(argv[3]), seconds = atof(argv[4]);
  int nconn = atoi(argv[5]);
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons((uint16_t)atoi(argv[2]));
  inet_pton(AF_INET, argv[1], &addr.sin_addr);
  reqlen = (size_t)snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s:%s\r\n", argv[6], argv[1], argv[2]);
  for (int i = 7; i < argc; i++) reqlen += (size_t)snprintf(req + reqlen, sizeof req - reqlen, "%s\r\n", argv[i]);
  reqlen += (size_t)snprintf(req + reqlen, sizeof req - reqlen, "\r\n");

  long total = (long)(rate * seconds);
  double *lat = calloc((size_t)total + 1, sizeof(double));
  conn_t *conns = calloc((size_t)nconn, sizeof(conn_t));
  int ep = epoll_create1(0);
  for (int i = 0; i < nconn; i++)
    if (dial(ep, &conns[i]) < 0) {
      perror("connect");
      return 1;
    }
  long next = 0, done = 0, ok = 0, non2xx = 0, errors = 0, nl = 0;
  double start = now() + 0.05, deadline = start + seconds + 10;
  struct epoll_event evs[256];
  while (done < total && now() < deadline) {
    double t = now();
    /* Every request that is due goes to a free connection; the rest wait (their clock runs). */
    for (int i = 0; i < nconn && next < total && start + next / rate <= t; i++) {
      conn_t *c = &conns[i];
      if (c->busy) continue;
      int r = fire(c, start + next / rate);
      if (r < 0) {
        errors++;
        done++;
        c->busy = 0;
        close(c->fd);
        dial(ep, c);
      } else if (r == 1) {
        c->busy = 0;
        continue;
      }
      next++;
    }
    double wait_s = next < total ? start + next / rate - now() : 0.01;
    int timeout = wait_s > 0 ? (int)(wait_s * 1000) : 0;
    if (timeout > 5) timeout = 5;
    int n = epoll_wait(ep, evs, 256, timeout);
    for (int k = 0; k < n; k++) {
      conn_t *c = evs[k].data.ptr;
      ssize_t r = recv(c->fd, c->buf + c->have, sizeof c->buf - c->have - 1, 0);
      if (r <= 0) {
        if (r < 0 && errno == EAGAIN) continue;
        if (c->busy) {
          errors++;
          done++;
        }
        c->busy = 0;
        epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        dial(ep, c);
        continue;
      }
      c->have += (size_t)r;
      c->buf[c->have] = 0;
      if (!c->need) {
        char *end = strstr(c->buf, "\r\n\r\n");
        if (!end) continue;
        char *cl = strcasestr(c->buf, "\r\ncontent-length:");
        size_t body = cl && cl < end ? (size_t)strtoul(cl + 17, NULL, 10) : 0;
        c->need = (size_t)(end + 4 - c->buf) + body;
        int status = atoi(c->buf + 9);
        if (status >= 200 && status < 300) ok++;
        else non2xx++;
      }
      if (c->have >= c->need) {
        lat[nl++] = (now() - c->due) * 1000.0;
        done++;
        c->busy = 0;
        c->have = 0;
        c->need = 0;
      } else if (c->have > sizeof c->buf / 2) {
        /* Large body: keep only the count (the bytes are not needed). */
        c->need -= c->have;
        c->have = 0;
      }
    }
  }
  double elapsed = now() - start;
  long measured = nl;
  qsort(lat, (size_t)measured, sizeof(double), cmp);
#define AT(p) (measured ? lat[(long)((p) * (measured - 1))] : -1)
  printf("{\"requests\":%ld,\"ok\":%ld,\"non2xx\":%ld,\"errors\":%ld,\"rps\":%.1f,\"p50\":%.3f,\"p90\":%.3f,"
         "\"p99\":%.3f,\"p999\":%.3f,\"max\":%.3f}\n",
         done, ok, non2xx, errors + (total - done), measured / (elapsed > 0 ? elapsed : 1), AT(0.5), AT(0.9),
         AT(0.99), AT(0.999), measured ? lat[measured - 1] : -1);
  return 0;
}
