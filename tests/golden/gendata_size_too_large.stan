// Sizes whose product is too many numbers are refused (each product is
// checked for overflow).
data {
  array[100000, 100000, 100000, 100000] real x;
}
