data {
  array[0] real empty;
  vector[0] v;
}
