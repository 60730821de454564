export const API_NAME = 'Diaspora Professionals Platform API';
export const API_VERSION = '0.1.0';
