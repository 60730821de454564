/** Stands in for the federated admin console in tests. */
export default function AdminConsoleStub() {
  return <h1>Admin console</h1>;
}
