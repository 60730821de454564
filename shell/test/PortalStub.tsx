import { Route, Routes } from 'react-router';

/** Stands in for the federated portal in tests. */
export default function PortalStub() {
  return (
    <Routes>
      <Route index element={<h1>Portal home</h1>} />
      <Route path="login" element={<h1>Portal login</h1>} />
      <Route path="profile" element={<h1>Portal profile</h1>} />
      <Route path="*" element={<h1>Portal page</h1>} />
    </Routes>
  );
}
