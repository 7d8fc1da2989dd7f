functions {
  vector shard(vector phi, vector theta, data array[] real xr, data array[] int xi) {
    return [normal_lpdf(xr[1] | theta[1], phi[1])]';
  }
}
data {
  array[2, 1] real xr;
  array[2, 0] int xi;
}
parameters {
  vector<lower=0>[1] phi;
  array[2] vector[1] theta;
}
model {
  target += sum(map_rect(shard, phi, theta, xr, xi));
}
