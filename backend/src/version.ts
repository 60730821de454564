export const API_NAME = 'Ethiopian Diaspora Network API';
export const API_VERSION = '0.1.0';
