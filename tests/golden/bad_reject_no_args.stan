transformed data {
  reject();
}
