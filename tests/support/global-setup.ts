// Replaced by the database global setup (see the store work); engine tests need nothing.
export default async function setup(): Promise<void> {}
