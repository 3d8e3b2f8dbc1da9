package weld.bench;

/**
 * Generated TPC-H lineitem columns at scale factor 1 (6,001,215 rows): ship dates as i32 days since 1970 in
 * [1992-01-02, 1998-12-01], quantity 1..50, discount 0.00..0.10, tax 0.00..0.08, price = quantity x [900, 2100),
 * line status O (0) after 1995-06-17 else F (1), return flag N (2) after that date else A (0) or R (1).
 */
final class Lineitem {
    static final int ROWS = 6_001_215;

    final int[] shipdate;
    final int[] flag;
    final int[] status;
    final double[] quantity;
    final double[] price;
    final double[] discount;
    final double[] tax;

    Lineitem(double scale) {
        int n = Data.rows(ROWS, scale);
        shipdate = Data.ints(10, n, 8036, 10562);
        quantity = Data.intsAsDoubles(11, n, 1, 51);
        discount = Data.intsAsDoubles(12, n, 0, 11);
        tax = Data.intsAsDoubles(13, n, 0, 9);
        price = Data.doubles(14, n, 900, 2100);
        int[] ar = Data.ints(15, n, 0, 2);
        flag = new int[n];
        status = new int[n];
        for (int i = 0; i < n; i++) {
            discount[i] /= 100;
            tax[i] /= 100;
            price[i] *= quantity[i];
            boolean open = shipdate[i] > 9298;
            status[i] = open ? 0 : 1;
            flag[i] = open ? 2 : ar[i];
        }
    }
}
