data {
  array[3] tuple(real, int) xs;
}
