/**
 * A self-signed certificate for 127.0.0.1/localhost (valid 100 years) and its
 * key, for tests that need a real TLS socket. Test-only: it protects nothing.
 */
export const key = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRgT9CyELb1VxLyRM
PTBFcMFzyVPChOoq9+WYR3khmGmhRANCAATIvdVJLwxnMKsIFqnB+1Nhq+OdYrHs
GL9AzWY4A3LYzIUHPLq4LdSzw7K+J0mhXbMdvxCtodKGS/Rwun/1neNb
-----END PRIVATE KEY-----
`

export const cert = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUNRCjlVqXd2PjGsaYzYSyCm2tpEkwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjA0MDEzMFoYDzIxMjYxMDI5
MDQwMTMwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATIvdVJLwxnMKsIFqnB+1Nhq+OdYrHsGL9AzWY4A3LYzIUHPLq4LdSz
w7K+J0mhXbMdvxCtodKGS/Rwun/1neNbo28wbTAdBgNVHQ4EFgQUKjiTYejDNAA5
L4yrQSAoa5d/aFYwHwYDVR0jBBgwFoAUKjiTYejDNAA5L4yrQSAoa5d/aFYwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIhAL6mJO5A1agMskEFNvNc8ym9S55CKtmASZXQuvydXotaAiA4
LbOsmBPQEegqM/ADEle31xfA7wSFtFOowfyHTqQzfQ==
-----END CERTIFICATE-----
`
