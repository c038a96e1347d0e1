/** Share of `n` in `total` with one decimal ('0%' of nothing). */
export const percent = (n: number, total: number) => (total ? `${Math.round((n / total) * 1000) / 10}%` : '0%');
