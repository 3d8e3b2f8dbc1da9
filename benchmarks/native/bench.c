/* Hand-written C versions of the Weld benchmark workloads on the same generated data (SplitMix64 counters, as
 * weld.bench.Data), each timed at 1 thread and at all threads (OpenMP). Prints one JSON line per workload and
 * thread count: median and minimum ms and the result's checksum (as weld.bench.Checksum).
 * Build: gcc -O3 -march=native -fopenmp bench.c -lm. usage: bench [SECONDS_PER_CASE] */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static double uniform(uint64_t s, uint64_t i) { return (mix(s * 0x9E3779B97F4A7C15ULL + i) >> 11) * 0x1.0p-53; }
static double *doubles(uint64_t s, long n, double lo, double hi) {
    double *a = malloc(n * sizeof(double));
#pragma omp parallel for
    for (long i = 0; i < n; i++) a[i] = lo + (hi - lo) * uniform(s, i);
    return a;
}
static int *ints(uint64_t s, long n, int lo, int hi) {
    int *a = malloc(n * sizeof(int));
#pragma omp parallel for
    for (long i = 0; i < n; i++) a[i] = lo + (int)((hi - lo) * uniform(s, i));
    return a;
}
static double *ints_f64(uint64_t s, long n, int lo, int hi) {
    double *a = malloc(n * sizeof(double));
#pragma omp parallel for
    for (long i = 0; i < n; i++) a[i] = lo + (int)((hi - lo) * uniform(s, i));
    return a;
}
static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static double budget_ms = 3000;

/*
 * Times f at 1 and all threads: 2 warm-up runs, then up to 15 runs within the budget. The checksum is f's result,
 * or check's after the runs where check is not NULL (a vector result, summed outside the timed calls).
 */
static void run(const char *name, double (*f)(void), double (*check)(void)) {
    int all = omp_get_num_procs();
    for (int t = 1; t <= all; t += (all > 1 ? all - 1 : 1)) {
        omp_set_num_threads(t);
        double c = f();
        f();
        double ms[15];
        int k = 0;
        double start = now_ms();
        while (k < 15 && (k < 3 || now_ms() - start < budget_ms)) {
            double s = now_ms();
            c = f();
            ms[k++] = now_ms() - s;
        }
        if (check) c = check();
        qsort(ms, k, sizeof(double), cmp);
        printf("{\"workload\": \"%s\", \"threads\": %d, \"median_ms\": %.3f, \"min_ms\": %.3f, \"runs\": %d, \"checksum\": %.17g}\n",
               name, t, ms[k / 2], ms[0], k, c);
        fflush(stdout);
    }
}

/* sum of 10^8 f64 */
static long n_sum = 100000000;
static double *sum_v;
static double sum(void) {
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (long i = 0; i < n_sum; i++) s += sum_v[i];
    return s;
}

/* large cities: filter > 500000 then sum, 10^8 rows */
static double *pop_v;
static double filter_sum(void) {
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (long i = 0; i < n_sum; i++)
        if (pop_v[i] > 500000.0) s += pop_v[i];
    return s;
}

/* TPC-H lineitem at SF 1 (see weld.bench.Lineitem) */
static long n_li = 6001215;
static int *l_ship, *l_flag, *l_status;
static double *l_qty, *l_price, *l_disc, *l_tax;
static void lineitem(void) {
    l_ship = ints(10, n_li, 8036, 10562);
    l_qty = ints_f64(11, n_li, 1, 51);
    l_disc = ints_f64(12, n_li, 0, 11);
    l_tax = ints_f64(13, n_li, 0, 9);
    l_price = doubles(14, n_li, 900, 2100);
    int *ar = ints(15, n_li, 0, 2);
    l_flag = malloc(n_li * sizeof(int));
    l_status = malloc(n_li * sizeof(int));
    for (long i = 0; i < n_li; i++) {
        l_disc[i] /= 100;
        l_tax[i] /= 100;
        l_price[i] *= l_qty[i];
        int open = l_ship[i] > 9298;
        l_status[i] = open ? 0 : 1;
        l_flag[i] = open ? 2 : ar[i];
    }
    free(ar);
}
static double q6(void) {
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (long i = 0; i < n_li; i++)
        if (l_ship[i] >= 8766 && l_ship[i] < 9131 && l_disc[i] >= 0.05 && l_disc[i] <= 0.07 && l_qty[i] < 24)
            s += l_price[i] * l_disc[i];
    return s;
}
static double q1(void) {
    double s[5][6] = {{0}};
    long cnt[6] = {0};
#pragma omp parallel
    {
        double p[5][6] = {{0}};
        long pc[6] = {0};
#pragma omp for nowait
        for (long i = 0; i < n_li; i++) {
            if (l_ship[i] <= 10471) {
                int g = l_flag[i] * 2 + l_status[i];
                double dp = l_price[i] * (1 - l_disc[i]);
                p[0][g] += l_qty[i];
                p[1][g] += l_price[i];
                p[2][g] += dp;
                p[3][g] += dp * (1 + l_tax[i]);
                p[4][g] += l_disc[i];
                pc[g]++;
            }
        }
#pragma omp critical
        for (int g = 0; g < 6; g++) {
            for (int k = 0; k < 5; k++) s[k][g] += p[k][g];
            cnt[g] += pc[g];
        }
    }
    double c = 0;
    for (int k = 0; k < 6; k++) {
        double ck = 0;
        for (int g = 0; g < 6; g++) ck += (g + 1) * (k < 5 ? s[k][g] : (double)cnt[g]);
        c += (k + 1) * ck;
    }
    return c;
}

/* Black-Scholes, 10^7 rows */
static long n_bs = 10000000;
static double *bs_s, *bs_k, *bs_t, *bs_r, *bs_v;
static double black_scholes(void) {
    double sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (long i = 0; i < n_bs; i++) {
        double s = bs_s[i], k = bs_k[i], tt = bs_t[i], r = bs_r[i], v = bs_v[i];
        double sq = v * sqrt(tt);
        double d1 = (log(s / k) + (r + 0.5 * v * v) * tt) / sq;
        double d2 = d1 - sq;
        double nd1 = 0.5 * (1.0 + erf(d1 * 0.7071067811865476));
        double nd2 = 0.5 * (1.0 + erf(d2 * 0.7071067811865476));
        sum += s * nd1 - k * exp(-r * tt) * nd2;
    }
    return sum;
}

/* crime index, 10^7 rows */
static double *ci_pop, *ci_f[4];
static double crime_index(void) {
    double s = 0;
    long n = 0;
#pragma omp parallel for reduction(+ : s, n)
    for (long i = 0; i < n_bs; i++)
        if (ci_pop[i] > 500000.0) {
            s += 0.3 * ci_f[0][i] + 0.2 * ci_f[1][i] + 0.4 * ci_f[2][i] + 0.1 * ci_f[3][i] + 0.05;
            n++;
        }
    return s / n;
}

/* counting 5 x 10^7 keys in [0, range) */
static long n_keys = 50000000;
static int *ck_keys;
static long ck_range;
static double count_keys(void) {
    long *c = calloc(ck_range, sizeof(long));
#pragma omp parallel
    {
        long *p = calloc(ck_range, sizeof(long));
#pragma omp for nowait
        for (long i = 0; i < n_keys; i++) p[ck_keys[i]]++;
#pragma omp critical
        for (long i = 0; i < ck_range; i++) c[i] += p[i];
        free(p);
    }
    double cs = 0;
    for (long i = 0; i < ck_range; i++) cs += (i + 1) * (double)c[i];
    free(c);
    return cs;
}

/* group-by sum of 10^7 rows: open addressing, linear probing (as weld.bench.IntDoubleTable) */
typedef struct { int *keys; double *sums; long cap; } table;
#define EMPTY INT32_MIN
static table table_new(long expected) {
    long cap = 16;
    while (cap < 2 * expected) cap <<= 1;
    table t = {malloc(cap * sizeof(int)), calloc(cap, sizeof(double)), cap};
    for (long i = 0; i < cap; i++) t.keys[i] = EMPTY;
    return t;
}
static void table_add(table *t, int key, double v) {
    long mask = t->cap - 1, i = ((uint32_t)(key * 0x9E3779B1u) >> 7) & mask;
    while (t->keys[i] != key && t->keys[i] != EMPTY) i = (i + 1) & mask;
    t->keys[i] = key;
    t->sums[i] += v;
}
static long n_grp = 10000000;
static int *gs_keys;
static double *gs_vals;
static long gs_nkeys;
static double group_sum(void) {
    table all = table_new(gs_nkeys);
#pragma omp parallel
    {
        long chunk = n_grp / omp_get_num_threads();
        table t = table_new(gs_nkeys < chunk ? gs_nkeys : chunk);
#pragma omp for nowait
        for (long i = 0; i < n_grp; i++) table_add(&t, gs_keys[i], gs_vals[i]);
#pragma omp critical
        for (long i = 0; i < t.cap; i++)
            if (t.keys[i] != EMPTY) table_add(&all, t.keys[i], t.sums[i]);
        free(t.keys);
        free(t.sums);
    }
    double cs = 0;
    for (long i = 0; i < all.cap; i++)
        if (all.keys[i] != EMPTY) cs += (all.keys[i] + 1.0) * all.sums[i];
    free(all.keys);
    free(all.sums);
    return cs;
}

/* one gradient step of logistic regression, 10^6 x 64 */
#define D 64
static long n_lr = 1000000;
static double *lr_x, *lr_y, *lr_w;
static double logreg_step(void) {
    double g[D] = {0};
#pragma omp parallel
    {
        double acc[D] = {0};
#pragma omp for nowait
        for (long r = 0; r < n_lr; r++) {
            const double *row = lr_x + r * D;
            double dot = 0;
            for (int j = 0; j < D; j++) dot += row[j] * lr_w[j];
            double err = 1.0 / (1.0 + exp(-dot)) - lr_y[r];
            for (int j = 0; j < D; j++) acc[j] += row[j] * err;
        }
#pragma omp critical
        for (int j = 0; j < D; j++) g[j] += acc[j];
    }
    double cs = 0;
    for (int j = 0; j < D; j++) cs += (j + 1) * (lr_w[j] - 0.1 * g[j] / n_lr);
    return cs;
}

/* filter -> map -> sum over 10^7 f64, one loop */
static double *ch_v;
static double chained(void) {
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (long i = 0; i < n_bs; i++)
        if (ch_v[i] > 0.5) s += ch_v[i] * 2.0 + 1.0;
    return s;
}

/* the values above 0.5 of 10^7 f64 selected into a vector: each thread's chunk into its own growing array, then
 * the arrays concatenated in order */
static long n_sel = 10000000;
static double *sel_v, *sel_out;
static long sel_n;
static double select_rows(void) {
    int nt = omp_get_max_threads();
    double **parts = malloc(nt * sizeof *parts);
    long *counts = calloc(nt, sizeof *counts);
#pragma omp parallel num_threads(nt)
    {
        int id = omp_get_thread_num(), k = omp_get_num_threads();
        long from = n_sel * id / k, to = n_sel * (id + 1) / k, cap = 16, n = 0;
        double *out = malloc(cap * sizeof *out);
        for (long i = from; i < to; i++) {
            if (sel_v[i] > 0.5) {
                if (n == cap) out = realloc(out, (cap *= 2) * sizeof *out);
                out[n++] = sel_v[i];
            }
        }
        parts[id] = out;
        counts[id] = n;
    }
    long total = 0;
    for (int i = 0; i < nt; i++) total += counts[i];
    free(sel_out);
    sel_out = malloc((total + 1) * sizeof *sel_out);
    sel_n = 0;
    for (int i = 0; i < nt; i++) {
        if (counts[i]) memcpy(sel_out + sel_n, parts[i], counts[i] * sizeof *sel_out);
        sel_n += counts[i];
        free(parts[i]);
    }
    free(parts);
    free(counts);
    return (double)sel_n;
}
static double select_checksum(void) {
    double c = 0;
    for (long i = 0; i < sel_n; i++) c += (i + 1) * sel_out[i];
    return c;
}

int main(int argc, char **argv) {
    if (argc > 1) budget_ms = atof(argv[1]) * 1000;
    sum_v = doubles(1, n_sum, 0, 1);
    run("Sum", sum, NULL);
    free(sum_v);
    pop_v = ints_f64(2, n_sum, 0, 1000000);
    run("FilterSum", filter_sum, NULL);
    free(pop_v);
    lineitem();
    run("TpchQ6", q6, NULL);
    run("TpchQ1", q1, NULL);
    bs_s = doubles(20, n_bs, 10, 100), bs_k = doubles(21, n_bs, 10, 100), bs_t = doubles(22, n_bs, 0.1, 2.1);
    bs_r = doubles(23, n_bs, 0.01, 0.06), bs_v = doubles(24, n_bs, 0.1, 0.5);
    run("BlackScholes", black_scholes, NULL);
    ci_pop = ints_f64(30, n_bs, 0, 1000000);
    for (int j = 0; j < 4; j++) ci_f[j] = doubles(31 + j, n_bs, 0, 1);
    run("CrimeIndex", crime_index, NULL);
    long ranges[] = {100, 10000, 1000000};
    char name[64];
    for (int r = 0; r < 3; r++) {
        ck_range = ranges[r];
        ck_keys = ints(40, n_keys, 0, (int)ck_range);
        snprintf(name, sizeof name, "CountKeys range=%ld", ck_range);
        run(name, count_keys, NULL);
        free(ck_keys);
    }
    long nk[] = {1000, 1000000};
    gs_vals = doubles(51, n_grp, 0, 1);
    for (int r = 0; r < 2; r++) {
        gs_nkeys = nk[r];
        gs_keys = ints(50, n_grp, 0, (int)gs_nkeys);
        snprintf(name, sizeof name, "GroupSum keys=%ld", gs_nkeys);
        run(name, group_sum, NULL);
        free(gs_keys);
    }
    lr_x = doubles(60, n_lr * D, -1, 1), lr_y = ints_f64(61, n_lr, 0, 2), lr_w = doubles(62, D, -0.1, 0.1);
    run("LogRegStep", logreg_step, NULL);
    ch_v = doubles(70, n_bs, 0, 1);
    run("Chained", chained, NULL);
    sel_v = doubles(3, n_sel, 0, 1);
    run("Select", select_rows, select_checksum);
    return 0;
}
