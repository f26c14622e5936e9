// printf-style number formatting for the CLI's contract (%.9g, %.17g).

/**
 * C's `%.{precision}g` for a finite or non-finite number.
 * @param {number} x
 * @param {number} precision
 */
export function formatG(x, precision) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const exponent = Number(x.toExponential(precision - 1).split('e')[1]);
  if (exponent < -4 || exponent >= precision) {
    const [mantissa, exp] = x.toExponential(precision - 1).split('e');
    const sign = exp[0] === '-' ? '-' : '+';
    const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${stripZeros(mantissa)}e${sign}${digits}`;
  }
  return stripZeros(x.toFixed(precision - 1 - exponent));
}

/** @param {string} s */
function stripZeros(s) {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
