// Sizes whose product overflows, or is too many numbers, are refused.
data {
  array[2147483647 * 2147483647 * 2147483647] real x;
}
