data {
  array[2] complex z;
  array[2] complex_matrix[2, 2] zm;
}
