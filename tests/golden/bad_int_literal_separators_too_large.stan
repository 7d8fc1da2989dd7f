transformed data {
  int a = 2_147_483_648;
}
