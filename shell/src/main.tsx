// An async boundary so the federation runtime negotiates shared modules before React loads.
void import('./bootstrap');
